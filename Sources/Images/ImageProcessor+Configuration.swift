extension ImageProcessor {
    /// Limits and sizes for the image pipeline; the defaults suit Telegram and Matrix photos.
    public struct Configuration: Sendable, Equatable {
        /// Files larger than this are refused before they are opened.
        public var maxByteCount: Int
        /// Images whose header declares more pixels than this are refused before decoding (decompression bombs).
        public var maxPixelCount: Int
        /// Most memory the decoder itself may need for one image, estimated from the header (progressive
        /// JPEG coefficients, a full HEIC/AVIF frame, an interlaced PNG); larger images are refused before decoding.
        public var maxDecodeBytes: Int
        /// Longest side of stored photos.
        public var intakeMaxSide: Int
        /// Shortest side a photo taken in must have: smaller ones (icons, tracking pixels) are refused.
        public var intakeMinSide: Int
        /// Longest side of photos sent to AI services.
        public var uploadMaxSide: Int
        /// Longest side of chat thumbnails (Matrix `thumbnail_info`).
        public var thumbnailMaxSide: Int
        /// JPEG quality for stored and uploaded photos and collages.
        public var jpegQuality: Int
        /// JPEG quality for thumbnails.
        public var thumbnailQuality: Int
        /// Layout and colours of the before/after collage and the contact sheet.
        public var collage: CollageStyle
        /// Layout and colours of the outfit flat-lay, the closet contact sheet and the vote picture.
        public var pictures: PictureStyle
        /// Most bytes of finished pictures kept in memory for reuse (`PictureCache`); 0 keeps none.
        public var pictureCacheBytes: Int
        /// Most finished pictures kept in memory for reuse.
        public var pictureCacheEntries: Int

        /// Creates a configuration; every parameter has a default.
        public init(
            maxByteCount: Int = 40 * 1_048_576,
            maxPixelCount: Int = 100_000_000,
            maxDecodeBytes: Int = 96 * 1_048_576,
            intakeMaxSide: Int = 2048,
            intakeMinSide: Int = 64,
            uploadMaxSide: Int = 1024,
            thumbnailMaxSide: Int = 320,
            jpegQuality: Int = 88,
            thumbnailQuality: Int = 80,
            collage: CollageStyle = CollageStyle(),
            pictures: PictureStyle = PictureStyle(),
            pictureCacheBytes: Int = 2 * 1_048_576,
            pictureCacheEntries: Int = 128
        ) {
            self.maxByteCount = maxByteCount
            self.maxPixelCount = maxPixelCount
            self.maxDecodeBytes = maxDecodeBytes
            self.intakeMaxSide = intakeMaxSide
            self.intakeMinSide = intakeMinSide
            self.uploadMaxSide = uploadMaxSide
            self.thumbnailMaxSide = thumbnailMaxSide
            self.jpegQuality = jpegQuality
            self.thumbnailQuality = thumbnailQuality
            self.collage = collage
            self.pictures = pictures
            self.pictureCacheBytes = pictureCacheBytes
            self.pictureCacheEntries = pictureCacheEntries
        }
    }
}
