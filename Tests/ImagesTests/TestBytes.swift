import Images

/// Hand-built files and a JPEG segment reader for the tests.
enum TestBytes {
    /// A synthetic JPEG of the given size.
    static func jpeg(_ width: Int, _ height: Int, seed: Int = 1) throws -> [UInt8] {
        try SyntheticPhoto.generate(width: width, height: height, format: .jpeg, quality: 85, seed: seed)
    }

    /// Text that is no image at all.
    static let text = Array("Hello! This is a shopping list, not a photo.\n".utf8)

    /// The classic 1×1 transparent GIF.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// A PNG whose header claims `width`×`height` RGB pixels but whose data is a few bytes: a decompression bomb's header.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        var header = bigEndian(width) + bigEndian(height)
        header += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, no filter, no interlace
        let emptyZlib: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", header) + pngChunk("IDAT", emptyZlib) + pngChunk("IEND", [])
    }

    /// A real grey-with-alpha PNG (colour type 4), stored without compression.
    static func greyAlphaPNG(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            pixels.append(0)  // filter: none
            for x in 0..<width { pixels += [UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1))] }
        }
        // zlib with one stored deflate block (fine below 64 KB).
        let length = UInt16(pixels.count)
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        zlib += pixels
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in pixels {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += bigEndian(b << 16 | a)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 4, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", header) + pngChunk("IDAT", zlib) + pngChunk("IEND", [])
    }

    /// The JPEG segments before the image data: marker byte and payload.
    static func jpegHeaderSegments(_ jpeg: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var segments: [(marker: UInt8, payload: [UInt8])] = []
        var index = 2  // after SOI
        while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
            let marker = jpeg[index + 1]
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            let end = min(jpeg.count, index + 2 + length)
            segments.append((marker, Array(jpeg[(index + 4)..<end])))
            if marker == 0xDA { break }  // start of scan: entropy-coded data follows
            index = end
        }
        return segments
    }

    /// `jpeg` with an APP1 EXIF segment inserted right after SOI.
    static func inserting(exif: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + exif
        let length = UInt16(payload.count + 2)
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}

extension TestBytes {
    /// A minimal progressive JPEG (SOI, DQT, SOF2, DHT, one DC scan of zeros, EOI) whose frame header
    /// claims `width`×`height` with three components: a few hundred bytes that would make libjpeg
    /// allocate width × height × 3 × 2 bytes of coefficients.
    static func progressiveJPEGClaiming(width: Int, height: Int) -> [UInt8] {
        func big(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x11, 0x08] + big(height) + big(width) + [0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 1] + Array(repeating: 0, count: 15) + [0x00]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0x00, 2, 0x00, 3, 0x00, 0x00, 0x00, 0x00]
        bytes += Array(repeating: 0x00, count: 300)
        return bytes + [0xFF, 0xD9]
    }
}
