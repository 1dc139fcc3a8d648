/// A message text split into literal runs and placeholders, with bold marked by `**`.
///
/// Placeholders are filled after splitting, so a user's text put into a message never turns into markup.
enum Template {
    /// One part of a text.
    enum Part: Equatable {
        case literal(String, bold: Bool)
        case placeholder(String, bold: Bool)
    }

    static func parse(_ text: String) -> [Part] {
        var parts: [Part] = []
        var bold = false
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal, bold: bold)) }
            literal = ""
        }
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("**") {
                flush()
                bold.toggle()
                index = text.index(index, offsetBy: 2)
            } else if text[index] == "{", let close = rest.firstIndex(of: "}"), isName(text[text.index(after: index)..<close]) {
                flush()
                parts.append(.placeholder(String(text[text.index(after: index)..<close]), bold: bold))
                index = text.index(after: close)
            } else {
                literal.append(text[index])
                index = text.index(after: index)
            }
        }
        flush()
        return parts
    }

    /// Placeholder names are short lowercase identifiers; anything else in braces stays literal text.
    private static func isName(_ text: Substring) -> Bool {
        guard let first = text.first, (1...32).contains(text.count), first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }
}
