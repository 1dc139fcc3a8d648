/// Standard padded base64, written independently of the code under test so the fakes check it rather than echo it.
///
/// Table-driven and index-based, because the tests run debug builds and uploads are a few hundred kilobytes.
public enum FakeBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// Each byte's value in the alphabet, 255 when it is not in it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8](repeating: UInt8(ascii: "="), count: (bytes.count + 2) / 3 * 4)
        var index = 0
        var position = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let value = b0 << 16 | b1 << 8 | b2
            output[position] = alphabet[Int(value >> 18 & 63)]
            output[position + 1] = alphabet[Int(value >> 12 & 63)]
            if remaining > 1 { output[position + 2] = alphabet[Int(value >> 6 & 63)] }
            if remaining > 2 { output[position + 3] = alphabet[Int(value & 63)] }
            index += 3
            position += 4
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of padded base64 `text`, or nil for any character outside the alphabet or bad padding.
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var padding = 0
        if characters.last == UInt8(ascii: "=") { padding += 1 }
        if characters.count >= 2, characters[characters.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var output = [UInt8](repeating: 0, count: characters.count / 4 * 3)
        var position = 0
        var index = 0
        while index < characters.count {
            let last = index + 4 == characters.count
            var value: UInt32 = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                if last, offset >= 4 - padding {
                    value <<= 6
                    continue
                }
                let digit = values[Int(character)]
                if digit == 255 { return nil }
                value = value << 6 | UInt32(digit)
            }
            output[position] = UInt8(value >> 16 & 255)
            output[position + 1] = UInt8(value >> 8 & 255)
            output[position + 2] = UInt8(value & 255)
            position += 3
            index += 4
        }
        return Array(output.dropLast(padding))
    }
}
