/// What an image header says, read without decoding the pixels.
public struct ImageInfo: Sendable, Equatable {
    /// Width in pixels as stored (before any EXIF rotation).
    public let width: Int
    /// Height in pixels as stored (before any EXIF rotation).
    public let height: Int
    /// The file format.
    public let format: ImageFormat
    /// Whether the image has an alpha channel.
    public let hasAlpha: Bool
    /// EXIF orientation 1–8; 1 when absent. 5–8 mean width and height swap once rotated.
    public let orientation: Int

    /// The MIME type of the file.
    public var mimeType: String { format.mimeType }

    /// Creates header information.
    public init(width: Int, height: Int, format: ImageFormat, hasAlpha: Bool, orientation: Int = 1) {
        self.width = width
        self.height = height
        self.format = format
        self.hasAlpha = hasAlpha
        self.orientation = orientation
    }
}
