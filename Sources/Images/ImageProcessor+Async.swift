extension ImageProcessor {
    /// `inspect(_:)` on the image queue.
    public func inspect(_ bytes: [UInt8]) async throws(ImageError) -> ImageInfo {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.inspect(bytes) }
    }

    /// `validate(_:)` on the image queue.
    public func validate(_ bytes: [UInt8]) async throws(ImageError) -> ImageInfo {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.validate(bytes) }
    }

    /// `detectFormat(_:)` on the image queue.
    public func detectFormat(_ bytes: [UInt8]) async throws(ImageError) -> ImageFormat {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.detectFormat(bytes) }
    }

    /// `intake(_:)` on the image queue.
    public func intake(_ bytes: [UInt8]) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.intake(bytes) }
    }

    /// `prepareForUpload(_:maxSide:)` on the image queue.
    public func prepareForUpload(_ bytes: [UInt8], maxSide: Int? = nil) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.prepareForUpload(bytes, maxSide: maxSide) }
    }

    /// `thumbnail(_:maxSide:)` on the image queue.
    public func thumbnail(_ bytes: [UInt8], maxSide: Int? = nil) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.thumbnail(bytes, maxSide: maxSide) }
    }

    /// `compare(before:after:)` on the image queue.
    public func compare(before: [UInt8], after: [UInt8]) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.compare(before: before, after: after) }
    }

    /// `contactSheet(_:)` on the image queue.
    public func contactSheet(_ images: [[UInt8]]) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.contactSheet(images) }
    }

    /// `flatLay(column:side:)` on the image queue.
    public func flatLay(column: [PictureTile], side: [PictureTile]) async throws(ImageError) -> TiledPicture {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.flatLay(column: column, side: side) }
    }

    /// `closetSheet(_:)` on the image queue.
    public func closetSheet(_ tiles: [PictureTile]) async throws(ImageError) -> TiledPicture {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.closetSheet(tiles) }
    }

    /// `voteSheet(_:)` on the image queue.
    public func voteSheet(_ options: [VoteOptionPicture]) async throws(ImageError) -> TiledPicture {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.voteSheet(options) }
    }
}
