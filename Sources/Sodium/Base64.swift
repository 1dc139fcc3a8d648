internal import CSodium

/// Base64 with the original alphabet and `=` padding (`sodium_base64_VARIANT_ORIGINAL`).
public enum Base64 {
    /// Whitespace skipped when decoding, so pasted or wrapped values still decode.
    private static let ignored = " \t\r\n"

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { encode($0) }
    }

    /// The padded base64 text of the bytes in `buffer`.
    static func encode(_ buffer: UnsafeRawBufferPointer) -> String {
        Libsodium.ready()
        let variant = sodium_base64_VARIANT_ORIGINAL
        let length = sodium_base64_encoded_len(buffer.count, variant)  // includes the trailing NUL
        var text = [CChar](repeating: 0, count: length)
        _ = sodium_bin2base64(&text, length, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, variant)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of padded base64 `text`; spaces, tabs and newlines anywhere are ignored.
    /// Throws `invalidBase64` for any other character, missing padding or trailing garbage.
    public static func decode(_ text: String) throws(SodiumError) -> [UInt8] {
        Libsodium.ready()
        let input = Array(text.utf8)
        let capacity = max(input.count / 4 * 3 + 3, 1)
        var decoded = 0
        var status: Int32 = -1
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
            status = input.withUnsafeBufferPointer { encoded in
                encoded.withMemoryRebound(to: CChar.self) { characters in
                    // A nil end pointer makes libsodium reject input it could not consume entirely.
                    sodium_base642bin(
                        output.baseAddress!, capacity, characters.baseAddress, characters.count,
                        ignored, &decoded, nil, sodium_base64_VARIANT_ORIGINAL)
                }
            }
            initialized = status == 0 ? decoded : 0
        }
        guard status == 0 else { throw SodiumError.invalidBase64 }
        return bytes
    }
}
