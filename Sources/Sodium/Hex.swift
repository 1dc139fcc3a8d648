internal import CSodium

/// Lowercase hexadecimal encoding through libsodium's constant-time codec.
public enum Hex {
    /// The lowercase hex text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        Libsodium.ready()
        let length = bytes.count * 2 + 1
        var text = [CChar](repeating: 0, count: length)
        _ = bytes.withUnsafeBufferPointer { sodium_bin2hex(&text, length, $0.baseAddress, $0.count) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of hex `text` (either case); throws `invalidHex` for odd length or other characters.
    public static func decode(_ text: String) throws(SodiumError) -> [UInt8] {
        Libsodium.ready()
        let input = Array(text.utf8)
        let capacity = max(input.count / 2, 1)
        var decoded = 0
        var status: Int32 = -1
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
            status = input.withUnsafeBufferPointer { encoded in
                encoded.withMemoryRebound(to: CChar.self) { characters in
                    sodium_hex2bin(
                        output.baseAddress!, capacity, characters.baseAddress, characters.count,
                        nil, &decoded, nil)
                }
            }
            initialized = status == 0 ? decoded : 0
        }
        guard status == 0, decoded * 2 == input.count else { throw SodiumError.invalidHex }
        return bytes
    }
}
