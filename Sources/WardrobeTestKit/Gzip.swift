/// Builds gzip streams (RFC 1952) without zlib, for serving Content-Encoding: gzip in tests.
///
/// The deflate data uses stored (uncompressed) blocks: a valid gzip stream that any decoder,
/// libcurl's zlib included, must parse, check (CRC-32 and length) and unwrap, just without
/// size savings. That is all a test of transparent decoding needs.
public enum Gzip {
    /// `bytes` wrapped as a gzip stream.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        // Magic, deflate, no flags, no mtime, no extra flags, unknown OS.
        var output: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final = offset + length == bytes.count
            // BFINAL bit, BTYPE 00 (stored); the rest of the byte is padding.
            output.append(final ? 0x01 : 0x00)
            output += littleEndian(UInt16(length)) + littleEndian(~UInt16(length))
            output += bytes[offset..<(offset + length)]
            offset += length
        } while offset < bytes.count
        output += littleEndian(crc32(bytes)) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return output
    }

    /// The CRC-32 (IEEE, reflected) that gzip stores.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
