/// What decoding an image will cost in memory, estimated from its header before any pixel is decoded.
///
/// Shrink-on-load bounds the output, not the decoder's own buffers: libjpeg keeps every DCT coefficient
/// of a progressive JPEG (2 bytes each) for the whole image, libheif decodes a HEIC or AVIF frame in
/// full, libvips reads a WebP frame whole, and libspng/libpng keep an interlaced (Adam7) PNG in memory
/// until its last pass.
struct DecodeCost: Sendable, Equatable {
    /// Bytes the decoder itself must hold at once.
    let bytes: Int
    /// Why, for logs: "progressive JPEG", "HEIC frame"…
    let reason: String

    /// The cost for `info`, using the raw bytes for the details the header summary leaves out.
    static func estimate(_ info: ImageInfo, bytes: UnsafeRawBufferPointer) -> DecodeCost? {
        // Width and height come from libvips as Int32-sized values, so these products cannot overflow Int.
        let pixels = info.width * info.height
        switch info.format {
        case .jpeg:
            guard let frame = JPEGFrame.parse(bytes), frame.isProgressive else { return nil }
            return DecodeCost(bytes: frame.width * frame.height * frame.components * 2, reason: "progressive JPEG")
        case .png:
            guard let png = PNGHeader.parse(bytes), png.isInterlaced else { return nil }
            return DecodeCost(bytes: pixels * png.bytesPerPixel, reason: "interlaced PNG")
        case .heic, .avif:
            return DecodeCost(bytes: pixels * (info.hasAlpha ? 4 : 3), reason: "\(info.format.rawValue) frame")
        case .webp:
            // libvips 8.14 decodes a WebP frame whole into memory; shrink-on-load makes that frame smaller
            // for stored photos, but validating an AI result decodes it at full size, so count full size.
            return DecodeCost(bytes: pixels * (info.hasAlpha ? 4 : 3), reason: "WebP frame")
        }
    }
}

/// The frame header (SOFn) of a JPEG: size, component count and whether it is progressive.
struct JPEGFrame: Sendable, Equatable {
    let width: Int
    let height: Int
    let components: Int
    let isProgressive: Bool

    /// Walks the marker segments up to the first SOFn; nil when there is none or the data is malformed.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JPEGFrame? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var position = 2
        while position + 4 <= bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { position += 2; continue }  // no length
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2 else { return nil }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let start = position + 4
                guard start + 6 <= bytes.count else { return nil }
                let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
                let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
                let components = Int(bytes[start + 5])
                let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                return JPEGFrame(width: width, height: height, components: components, isProgressive: progressive)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before any frame header
            position += 2 + length
        }
        return nil
    }
}

/// The IHDR chunk of a PNG: bytes per pixel and interlacing.
struct PNGHeader: Sendable, Equatable {
    let bytesPerPixel: Int
    let isInterlaced: Bool

    /// Reads IHDR, which the PNG format puts first at a fixed offset.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> PNGHeader? {
        guard bytes.count >= 29, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else { return nil }
        let depth = max(1, Int(bytes[24]) / 8)
        let channels: Int = switch bytes[25] {
        case 0, 3: 1
        case 2: 3
        case 4: 2
        default: 4
        }
        return PNGHeader(bytesPerPixel: depth * channels, isInterlaced: bytes[28] == 1)
    }
}
