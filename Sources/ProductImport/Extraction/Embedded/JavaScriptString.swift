import HTML
import JSON

/// A JavaScript string literal in a script's bytes, decoded: what `JSON.parse('…')` is handed.
enum JavaScriptString {
    /// The object or array the string literal at `start` (after spaces) holds as JSON text, or nil
    /// when there is no literal there, it does not close, or its text is not a JSON object or array.
    static func parsedObject(in bytes: [UInt8], at start: Int) -> JSON? {
        guard let text = decoded(in: bytes, at: start), let first = text.first(where: { !ASCIIByte.isSpace($0) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        return SkippedSubtrees.parse(text)
    }

    /// The decoded UTF-8 bytes of the literal quoted with `'`, `"` or a backtick at `start`.
    static func decoded(in bytes: [UInt8], at start: Int) -> [UInt8]? {
        var cursor = start
        while cursor < bytes.count, ASCIIByte.isSpace(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count, [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`")].contains(bytes[cursor]) else { return nil }
        let quote = bytes[cursor]
        cursor += 1
        var output: [UInt8] = []
        var pendingHigh: UInt32?  // a UTF-16 high surrogate waiting for its low half
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == quote { return output }
            if quote == UInt8(ascii: "`"), byte == UInt8(ascii: "$"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "{") {
                return nil  // a template with substitutions is not a constant
            }
            guard byte == UInt8(ascii: "\\") else {
                if byte == 0x0A, quote != UInt8(ascii: "`") { return nil }  // an unclosed literal
                if pendingHigh != nil { append(0xFFFD, to: &output) }
                pendingHigh = nil
                output.append(byte)
                cursor += 1
                continue
            }
            guard cursor + 1 < bytes.count else { return nil }
            let escape = bytes[cursor + 1]
            cursor += 2
            if let high = pendingHigh, escape != UInt8(ascii: "u") {
                append(high, to: &output)  // a lone high surrogate: U+FFFD
                pendingHigh = nil
            }
            switch escape {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0"): output.append(0x00)
            case 0x0A: break  // a line continuation
            case UInt8(ascii: "x"):
                guard let value = hex(bytes, cursor, 2) else { return nil }
                append(value, to: &output)
                cursor += 2
            case UInt8(ascii: "u"):
                guard let value = hex(bytes, cursor, 4) else { return nil }
                cursor += 4
                if (0xD800...0xDBFF).contains(value) {
                    if let high = pendingHigh { append(high, to: &output) }
                    pendingHigh = value
                    continue
                }
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) {
                    append(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), to: &output)
                } else {
                    append(value, to: &output)
                }
            default: output.append(escape)  // \\ \' \" \/ and any other character stand for themselves
            }
            pendingHigh = nil
        }
        return nil
    }

    private static func hex(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt32? {
        guard start + count <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + count)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// Appends a code point as UTF-8; a lone surrogate becomes U+FFFD.
    private static func append(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: Array(String(scalar).utf8))
    }

}
