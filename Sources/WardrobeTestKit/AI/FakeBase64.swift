/// Standard padded base64, written independently of the code under test so the fakes check it rather than echo it.
public enum FakeBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of padded base64 `text`, or nil for any character outside the alphabet or bad padding.
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            var value: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                if character == UInt8(ascii: "=") {
                    guard index + 4 == characters.count, offset >= 2 else { return nil }
                    padding += 1
                    value <<= 6
                } else {
                    guard padding == 0, let digit = alphabet.firstIndex(of: character) else { return nil }
                    value = value << 6 | UInt32(digit)
                }
            }
            output.append(UInt8(value >> 16 & 255))
            if padding < 2 { output.append(UInt8(value >> 8 & 255)) }
            if padding < 1 { output.append(UInt8(value & 255)) }
            index += 4
        }
        return output
    }
}
