internal import CVips

extension ImageHandle {
    /// Opens an image from encoded bytes, reading only the header; pixels decode later in one streaming pass.
    ///
    /// libvips does not copy `buffer`: this handle, and every image made from it, must be gone before the buffer is.
    static func open(header buffer: UnsafeRawBufferPointer) throws(ImageError) -> ImageHandle {
        try adopt("load", wd_image_new_from_buffer(buffer.baseAddress, buffer.count, Int32(VIPS_FAIL_ON_TRUNCATED.rawValue)))
    }

    /// Runs the pipeline and keeps the pixels in memory, so the result outlives the input buffer.
    func materialized() throws(ImageError) -> ImageHandle {
        try ImageHandle.adopt("copy_memory", wd_copy_memory(pointer))
    }

    /// Decodes every pixel and discards them, to prove the data is complete.
    func decodeAll() throws(ImageError) {
        var average = 0.0
        guard wd_avg(pointer, &average) == 0 else {
            throw .processingFailed(detail: "decode: \(VipsRuntime.takeError())")
        }
    }

    /// Encodes with all metadata stripped (no EXIF, GPS, XMP, IPTC or ICC). A JPEG gets 4:2:0 chroma
    /// subsampling below quality 90 and none from 90 up, unless `cameraChroma` asks for 4:2:0 always.
    func encoded(as format: ImageFormat, quality: Int, cameraChroma: Bool = false) throws(ImageError) -> EncodedImage {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 = switch format {
        case .jpeg: wd_jpegsave_buffer(pointer, &buffer, &length, Int32(quality), cameraChroma ? 1 : 0)
        case .png: wd_pngsave_buffer(pointer, &buffer, &length)
        case .webp: wd_webpsave_buffer(pointer, &buffer, &length, Int32(quality))
        case .heic:
            wd_heifsave_buffer(pointer, &buffer, &length, Int32(quality), Int32(VIPS_FOREIGN_HEIF_COMPRESSION_HEVC.rawValue))
        case .avif:
            wd_heifsave_buffer(pointer, &buffer, &length, Int32(quality), Int32(VIPS_FOREIGN_HEIF_COMPRESSION_AV1.rawValue))
        }
        defer { g_free(buffer) }
        guard status == 0, let buffer else {
            throw .processingFailed(detail: "save \(format.rawValue): \(VipsRuntime.takeError())")
        }
        let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        return EncodedImage(bytes: bytes, width: width, height: height, format: format)
    }
}
