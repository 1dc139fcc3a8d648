/// Layout and colours of the before/after collage and the voting contact sheet.
public struct CollageStyle: Sendable, Equatable {
    /// Longest side each photo is shrunk to before it goes into a collage.
    public var panelMaxSide: Int
    /// Space around and between panels, in pixels.
    public var padding: Int
    /// Height of the "Before"/"After" strip under each photo.
    public var labelHeight: Int
    /// Canvas colour behind and between panels.
    public var background: RGB
    /// Colour of the label strips.
    public var labelBackground: RGB
    /// Colour of label text and badge numbers.
    public var textColor: RGB
    /// Pango font family and style, without size, e.g. "sans bold".
    public var font: String
    /// Side of each square cell of the contact sheet.
    public var cellSide: Int
    /// Side of the square number badge in each cell's corner.
    public var badgeSide: Int
    /// Colour of the number badges (a white ring surrounds them).
    public var badgeColor: RGB
    /// Most images one contact sheet takes.
    public var maxContactSheetImages: Int

    /// Creates a style; every parameter has a default.
    public init(
        panelMaxSide: Int = 1024,
        padding: Int = 16,
        labelHeight: Int = 64,
        background: RGB = RGB(grey: 245),
        labelBackground: RGB = RGB(grey: 34),
        textColor: RGB = .white,
        font: String = "sans bold",
        cellSide: Int = 512,
        badgeSide: Int = 120,
        badgeColor: RGB = RGB(214, 40, 72),
        maxContactSheetImages: Int = 9
    ) {
        self.panelMaxSide = panelMaxSide
        self.padding = padding
        self.labelHeight = labelHeight
        self.background = background
        self.labelBackground = labelBackground
        self.textColor = textColor
        self.font = font
        self.cellSide = cellSide
        self.badgeSide = badgeSide
        self.badgeColor = badgeColor
        self.maxContactSheetImages = maxContactSheetImages
    }
}
