/// One numbered tile of a picture: a photo, or without a usable one a swatch of `color` with `label` on it.
public struct PictureTile: Sendable {
    /// The number in the tile's badge: the piece's item number, or the option's number in a vote.
    public var number: Int
    /// The encoded photo (a cached thumbnail), or nil for a swatch.
    public var photo: [UInt8]?
    /// The swatch colour, used when there is no photo or it cannot be decoded.
    public var color: RGB
    /// The word written on the swatch, e.g. the piece's category.
    public var label: String

    /// A tile; `photo` nil draws the swatch.
    public init(number: Int, photo: [UInt8]?, color: RGB, label: String) {
        self.number = number
        self.photo = photo
        self.color = color
        self.label = label
    }
}

/// Where one numbered tile sits in a picture, in pixels from the top-left corner.
public struct TilePlacement: Sendable, Equatable {
    /// The number in its badge.
    public var number: Int
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int
    /// True when the tile was drawn as a colour swatch (no photo, or a photo that could not be decoded).
    public var isSwatch: Bool

    /// A placement.
    public init(number: Int, x: Int, y: Int, width: Int, height: Int, isSwatch: Bool) {
        self.number = number
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isSwatch = isSwatch
    }
}

/// An encoded picture and where each of its numbered tiles is, so callers and tests can tell which number is where.
public struct TiledPicture: Sendable {
    /// The picture (JPEG).
    public var image: EncodedImage
    /// The tiles in drawing order.
    public var tiles: [TilePlacement]

    /// A picture with its tiles.
    public init(image: EncodedImage, tiles: [TilePlacement]) {
        self.image = image
        self.tiles = tiles
    }
}
