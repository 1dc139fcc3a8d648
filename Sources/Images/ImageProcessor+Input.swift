internal import CVips

extension ImageProcessor {
    /// Checks size, format, header and pixel count, then runs `body` with the bytes pinned for libvips.
    ///
    /// libvips reads `buffer` in place, so every image made inside `body` must be encoded or
    /// `materialized()` before `body` returns.
    func withAcceptedInput<Output>(
        _ bytes: [UInt8],
        _ body: (UnsafeRawBufferPointer, ImageInfo) throws(ImageError) -> Output
    ) throws(ImageError) -> Output {
        try VipsRuntime.start()
        try checkByteCount(bytes.count)
        return try VipsRuntime.exclusively { () throws(ImageError) -> Output in try acceptedInput(bytes, body) }
    }

    /// The checks of `withAcceptedInput` without taking the libvips lock, for work done on behalf of a caller
    /// that holds it (the tile photos of a picture, decoded on several threads at once).
    func acceptedInput<Output>(
        _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer, ImageInfo) throws(ImageError) -> Output
    ) throws(ImageError) -> Output {
        // Array.withUnsafeBytes only rethrows untyped errors; carry ours out in a Result.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageError) -> Output in
                VipsRuntime.clearError()
                let info = try Self.readHeader(buffer)
                if info.width * info.height > configuration.maxPixelCount {
                    throw .tooManyPixels(width: info.width, height: info.height, limit: configuration.maxPixelCount)
                }
                if let cost = DecodeCost.estimate(info, bytes: buffer), cost.bytes > configuration.maxDecodeBytes {
                    throw .tooCostlyToDecode(
                        width: info.width, height: info.height, reason: cost.reason, bytes: cost.bytes, limit: configuration.maxDecodeBytes)
                }
                if info.format == .jpeg, !JPEGEnd.isComplete(buffer) {
                    throw .truncated(detail: "the JPEG data ends before its end marker")
                }
                return try body(buffer, info)
            }
        }
        return try result.get()
    }

    /// Finds the loader and reads the header; refuses formats other than JPEG, PNG, WebP, HEIC and AVIF.
    static func readHeader(_ buffer: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { throw .notAnImage }
        guard let loaderName = vips_foreign_find_load_buffer(base, buffer.count) else {
            VipsRuntime.clearError()
            throw .notAnImage
        }
        let loader = String(cString: loaderName)
        guard let format = ImageFormat.from(loaderClass: loader, bytes: buffer) else {
            throw .unsupportedFormat(shortName(ofLoader: loader))
        }
        let header: ImageHandle
        do {
            header = try ImageHandle.open(header: buffer)
        } catch {
            // The magic bytes matched, so a header that does not parse means a damaged file.
            throw .truncated(detail: error.description)
        }
        return ImageInfo(
            width: header.width, height: header.height, format: format,
            hasAlpha: header.hasAlpha, orientation: header.orientation)
    }

    /// Runs decoding work; a libvips failure once the header has been read means damaged or cut-off data.
    static func decoding<Output>(_ work: () throws(ImageError) -> Output) throws(ImageError) -> Output {
        do {
            return try work()
        } catch .processingFailed(let detail) where looksLikeBadData(detail) {
            throw .truncated(detail: detail)
        }
    }

    private static func looksLikeBadData(_ detail: String) -> Bool {
        let text = detail.lowercased()
        let signs = ["premature", "truncat", "read error", "not enough data", "unable to parse", "corrupt",
                     "invalid", "vipsjpeg", "vipspng", "spng", "webp", "heif", "out of order", "end of"]
        return signs.contains { text.contains($0) }
    }

    /// "VipsForeignLoadGifBuffer" → "gif".
    private static func shortName(ofLoader loader: String) -> String {
        var name = Substring(loader)
        if name.hasPrefix("VipsForeignLoad") { name = name.dropFirst("VipsForeignLoad".count) }
        if name.hasSuffix("Buffer") { name = name.dropLast("Buffer".count) }
        let knownNames = ["nsgif": "gif", "svg": "svg", "pdf": "pdf", "magick": "other (ImageMagick)"]
        return knownNames[name.lowercased()] ?? name.lowercased()
    }
}
