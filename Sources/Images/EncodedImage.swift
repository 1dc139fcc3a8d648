/// An encoded image file ready to store or send, with its pixel size.
public struct EncodedImage: Sendable, Equatable {
    /// The file bytes.
    public let bytes: [UInt8]
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The file format.
    public let format: ImageFormat

    /// The MIME type of `bytes`.
    public var mimeType: String { format.mimeType }

    /// Creates an encoded image.
    public init(bytes: [UInt8], width: Int, height: Int, format: ImageFormat) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.format = format
    }
}
