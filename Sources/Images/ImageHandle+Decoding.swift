internal import CVips

extension ImageHandle {
    /// Decodes to at most `maxSide` on the longest side (never enlarging): upright, flattened onto white,
    /// 8-bit sRGB.
    ///
    /// JPEG and WebP use shrink-on-load: the decoder itself produces a power-of-two fraction of the full size
    /// that is still at least `maxSide`, so a 24 or 48 MP photo is never decoded at full size; a resize
    /// makes the exact size. This is the "fast shrink-on-load" of sharp; `vips_thumbnail_buffer` in
    /// libvips 8.14 keeps a 2× margin for the resize, which here means a full decode of any photo under
    /// 4× the target (see docs/images.md). The resize is Lanczos 3 unless `kernel` asks for the quicker linear one.
    ///
    /// libvips reads `buffer` in place: the result must be encoded or `materialized()` before it goes away.
    static func decoded(
        _ buffer: UnsafeRawBufferPointer, info: ImageInfo, maxSide: Int, kernel: ResizeKernel = .lanczos3
    ) throws(ImageError) -> ImageHandle {
        let longest = max(info.width, info.height)
        let shrink = [8, 4, 2].first { longest / $0 >= maxSide } ?? 1
        let failOn = Int32(VIPS_FAIL_ON_TRUNCATED.rawValue)
        let source = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
        var image: ImageHandle = switch info.format {
        case .jpeg:
            try make("jpegload") { wd_jpegload_buffer(source, buffer.count, $0, Int32(shrink), failOn) }
        case .webp:
            try make("webpload") { wd_webpload_buffer(source, buffer.count, $0, 1 / Double(shrink), failOn) }
        case .png, .heic, .avif:
            try open(header: buffer)
        }
        // Flatten before resizing, so transparent edges don't bleed dark colour into the picture.
        image = try image.flattened()
        let loadedLongest = max(image.width, image.height)
        if loadedLongest > maxSide {
            image = try image.resized(by: Double(maxSide) / Double(loadedLongest), kernel: kernel)
        }
        return try image.convertedFromEmbeddedProfile().upright().normalized()
    }
}
