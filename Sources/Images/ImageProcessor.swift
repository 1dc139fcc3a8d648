internal import CVips

/// Checks, decodes, shrinks and re-encodes chat photos with libvips.
///
/// The synchronous methods block for tens of milliseconds or more; from async code use the `async`
/// variants, which run the work on a dedicated queue instead of the cooperative thread pool.
/// Every image that leaves this type is stripped of metadata (EXIF, GPS, camera serials, XMP, ICC).
public struct ImageProcessor: Sendable {
    /// Limits and sizes in use.
    public let configuration: Configuration
    /// Finished pictures (flat-lays, sheets, vote pictures) for reuse, shared by every copy of this processor.
    public let pictureCache: PictureCache
    /// The part of a picture's cache key that names how pictures are drawn: the drawing code's version, the
    /// style and the JPEG quality. A key made of this and the picture's inputs names its bytes.
    public let pictureKeyPrefix: String

    /// Bumped whenever the drawing changes what a picture looks like, so no old picture is taken for a new one.
    static let pictureDrawingVersion = 2

    /// Creates a processor; libvips starts on first use.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.pictureCache = PictureCache(byteLimit: configuration.pictureCacheBytes, entryLimit: configuration.pictureCacheEntries)
        self.pictureKeyPrefix = "pictures v\(Self.pictureDrawingVersion) q\(configuration.jpegQuality) \(configuration.pictures)"
    }

    /// Refuses a file by its size alone, e.g. from a `Content-Length` or Telegram's `file_size` before downloading.
    public func checkByteCount(_ byteCount: Int) throws(ImageError) {
        if byteCount > configuration.maxByteCount {
            throw .tooManyBytes(byteCount: byteCount, limit: configuration.maxByteCount)
        }
    }

    /// Reads the header only: size, format, alpha and orientation. Pixels are not decoded.
    ///
    /// Applies the same byte, format and pixel-count checks as every other call.
    public func inspect(_ bytes: [UInt8]) throws(ImageError) -> ImageInfo {
        try withAcceptedInput(bytes) { _, info in info }
    }

    /// Decodes every pixel to prove the file is a complete image, and returns its header; nothing is re-encoded.
    public func validate(_ bytes: [UInt8]) throws(ImageError) -> ImageInfo {
        try withAcceptedInput(bytes) { buffer, info throws(ImageError) in
            try Self.decoding { () throws(ImageError) in
                let image = try ImageHandle.open(header: buffer)
                try image.decodeAll()
            }
            return info
        }
    }

    /// The format of a complete, decodable image, for storing AI results as they came (PNG or WebP) without re-encoding.
    public func detectFormat(_ bytes: [UInt8]) throws(ImageError) -> ImageFormat {
        try validate(bytes).format
    }

    /// A photo as the bot stores it: JPEG, upright, at most `intakeMaxSide` on the longest side, metadata stripped.
    /// Refused when its shortest side is under `intakeMinSide`.
    public func intake(_ bytes: [UInt8]) throws(ImageError) -> EncodedImage {
        try shrunkJPEG(bytes, maxSide: configuration.intakeMaxSide, quality: configuration.jpegQuality, minSide: configuration.intakeMinSide)
    }

    /// A photo as sent to AI services: JPEG, upright, at most `maxSide` (default `uploadMaxSide`), metadata stripped.
    public func prepareForUpload(_ bytes: [UInt8], maxSide: Int? = nil) throws(ImageError) -> EncodedImage {
        try shrunkJPEG(bytes, maxSide: maxSide ?? configuration.uploadMaxSide, quality: configuration.jpegQuality)
    }

    /// A small JPEG preview with its size, e.g. for Matrix `thumbnail_info`; at most `maxSide` (default `thumbnailMaxSide`).
    public func thumbnail(_ bytes: [UInt8], maxSide: Int? = nil) throws(ImageError) -> EncodedImage {
        try shrunkJPEG(bytes, maxSide: maxSide ?? configuration.thumbnailMaxSide, quality: configuration.thumbnailQuality)
    }

    /// Shrink-on-load to `maxSide` (never enlarging), upright, flattened onto white, encoded as stripped JPEG.
    private func shrunkJPEG(_ bytes: [UInt8], maxSide: Int, quality: Int, minSide: Int = 1) throws(ImageError) -> EncodedImage {
        try withAcceptedInput(bytes) { buffer, info throws(ImageError) in
            guard min(info.width, info.height) >= minSide else {
                throw .tooSmall(width: info.width, height: info.height, minimum: minSide)
            }
            return try Self.decoding { () throws(ImageError) in
                try ImageHandle.decoded(buffer, info: info, maxSide: maxSide)
                    .encoded(as: .jpeg, quality: quality)
            }
        }
    }
}
