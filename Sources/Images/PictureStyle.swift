/// Sizes and colours of the outfit flat-lay, the closet contact sheet and the vote picture.
public struct PictureStyle: Sendable, Equatable {
    /// Side of each square tile in the flat-lay's main column (outerwear, top, bottom, shoes).
    public var flatLayTile: Int
    /// Side of each accessory tile beside the column.
    public var flatLaySideTile: Int
    /// Side of each square cell of the closet contact sheet.
    public var sheetCell: Int
    /// Cells across one contact sheet.
    public var sheetAcross: Int
    /// Rows on one contact sheet; a page holds `sheetAcross × sheetDown` pieces.
    public var sheetDown: Int
    /// Space around and between tiles.
    public var padding: Int
    /// The calm canvas colour behind the tiles.
    public var background: RGB
    /// The card colour behind each photo.
    public var tileBackground: RGB
    /// Side of the item-number badge on a tile, as a fraction of the tile's side.
    public var badgeFraction: Double
    /// Colour of the item-number badges.
    public var badgeColor: RGB
    /// Colour of badge numbers.
    public var badgeTextColor: RGB
    /// Pango font family and style, without size.
    public var font: String
    /// Longest side of each option in a vote picture.
    public var voteOptionSide: Int
    /// Most options one vote picture takes.
    public var maxVoteOptions: Int

    /// Creates a style; every parameter has a default.
    public init(
        flatLayTile: Int = 360, flatLaySideTile: Int = 220, sheetCell: Int = 240, sheetAcross: Int = 4, sheetDown: Int = 6,
        padding: Int = 16, background: RGB = RGB(236, 232, 225), tileBackground: RGB = .white, badgeFraction: Double = 0.2,
        badgeColor: RGB = RGB(grey: 34), badgeTextColor: RGB = .white, font: String = "sans bold", voteOptionSide: Int = 800,
        maxVoteOptions: Int = 5
    ) {
        self.flatLayTile = flatLayTile
        self.flatLaySideTile = flatLaySideTile
        self.sheetCell = sheetCell
        self.sheetAcross = sheetAcross
        self.sheetDown = sheetDown
        self.padding = padding
        self.background = background
        self.tileBackground = tileBackground
        self.badgeFraction = badgeFraction
        self.badgeColor = badgeColor
        self.badgeTextColor = badgeTextColor
        self.font = font
        self.voteOptionSide = voteOptionSide
        self.maxVoteOptions = maxVoteOptions
    }

    /// Pieces on one contact-sheet page.
    public var sheetCapacity: Int { sheetAcross * sheetDown }
}
