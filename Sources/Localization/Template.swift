/// A message text split into literal runs and placeholders, with bold marked by `**`.
///
/// Placeholders are filled after splitting, so a user's text put into a message never turns into markup.
enum Template {
    /// One part of a text.
    enum Part: Equatable {
        case literal(String, bold: Bool)
        case placeholder(String, bold: Bool)
    }

    /// The literal runs and placeholders of `text`, in order.
    static func parse(_ text: String) -> [Part] {
        // Every message a handler sends is parsed here; walking UTF-8 bytes instead of `Character`s
        // (grapheme breaking) made it several times cheaper. `*`, `{` and `}` are ASCII, so a byte that
        // matches one never sits inside a multi-byte character.
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var bold = false
        var literalStart = 0
        var index = 0
        func flush(upTo end: Int) {
            if end > literalStart { parts.append(.literal(String(decoding: bytes[literalStart..<end], as: UTF8.self), bold: bold)) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == asterisk, index + 1 < bytes.count, bytes[index + 1] == asterisk {
                flush(upTo: index)
                bold.toggle()
                index += 2
                literalStart = index
            } else if byte == openBrace, let close = bytes[(index + 1)...].firstIndex(of: closeBrace), isName(bytes[(index + 1)..<close]) {
                flush(upTo: index)
                parts.append(.placeholder(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), bold: bold))
                index = close + 1
                literalStart = index
            } else {
                index += 1
            }
        }
        flush(upTo: bytes.count)
        return parts
    }

    private static let asterisk = UInt8(ascii: "*")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

    /// Placeholder names are short lowercase identifiers; anything else in braces stays literal text.
    private static func isName(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first, (1...32).contains(name.count), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
