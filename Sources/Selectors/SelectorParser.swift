/// Reads selector text into alternatives of compound chains; a small hand-written parser.
struct SelectorParser {
    private let text: String
    private let characters: [Character]
    private var position = 0

    /// The longest selector accepted; rules are written by people and stay short.
    static let maximumLength = 500

    /// A parser over `text`.
    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    /// `a, b > c, …` into alternatives.
    mutating func parseList() throws(SelectorError) -> [Complex] {
        guard characters.count <= Self.maximumLength else { throw failure("longer than \(Self.maximumLength) characters") }
        var list: [Complex] = []
        repeat {
            skipSpaces()
            list.append(try parseComplex())
            skipSpaces()
        } while consume(",")
        guard position == characters.count else { throw failure("unexpected \"\(characters[position])\" at \(position + 1)") }
        return list
    }

    private mutating func parseComplex() throws(SelectorError) -> Complex {
        var parts: [Complex.Part] = [Complex.Part(combinator: .descendant, compound: try parseCompound())]
        while true {
            let hadSpace = skipSpaces()
            if consume(">") {
                skipSpaces()
                parts.append(Complex.Part(combinator: .child, compound: try parseCompound()))
            } else if hadSpace, let next = peek, next != ",", next != ")" {
                parts.append(Complex.Part(combinator: .descendant, compound: try parseCompound()))
            } else {
                return Complex(parts: parts)
            }
        }
    }

    private mutating func parseCompound() throws(SelectorError) -> Compound {
        var compound = Compound()
        var empty = true
        if consume("*") {
            empty = false
        } else if let name = readName() {
            compound.tag = name.lowercased()
            empty = false
        }
        while let next = peek {
            if next == "#" {
                position += 1
                guard let id = readName() else { throw failure("a name must follow # at \(position + 1)") }
                compound.id = id
            } else if next == "." {
                position += 1
                guard let name = readName() else { throw failure("a class name must follow . at \(position + 1)") }
                compound.classes.append(name)
            } else if next == "[" {
                position += 1
                compound.attributes.append(try parseAttribute())
            } else {
                break
            }
            empty = false
        }
        if empty { throw failure(position < characters.count ? "unexpected \"\(characters[position])\" at \(position + 1)" : "selector ends too early") }
        return compound
    }

    private mutating func parseAttribute() throws(SelectorError) -> AttributeTest {
        skipSpaces()
        guard let name = readName() else { throw failure("an attribute name must follow [ at \(position + 1)") }
        skipSpaces()
        var operation = AttributeTest.Operation.exists
        if consume("]") { return AttributeTest(name: name.lowercased(), operation: .exists, value: "") }
        if consume("^") { operation = .prefix } else if consume("$") { operation = .suffix }
        else if consume("*") { operation = .contains } else if consume("~") { operation = .word }
        guard consume("=") else { throw failure("expected = or ] at \(position + 1)") }
        if operation == .exists { operation = .equals }
        skipSpaces()
        let value: String
        if let quote = peek, quote == "\"" || quote == "'" {
            position += 1
            var collected = ""
            while let next = peek, next != quote {
                collected.append(next)
                position += 1
            }
            guard consume(quote) else { throw failure("unclosed quote") }
            value = collected
        } else {
            guard let bare = readName() else { throw failure("expected a value at \(position + 1)") }
            value = bare
        }
        skipSpaces()
        guard consume("]") else { throw failure("expected ] at \(position + 1)") }
        return AttributeTest(name: name.lowercased(), operation: operation, value: value)
    }

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func consume(_ character: Character) -> Bool {
        guard peek == character else { return false }
        position += 1
        return true
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while let next = peek, next.isWhitespace { position += 1 }
        return position > start
    }

    /// Letters, digits, `-` and `_` (CSS identifiers without escapes).
    private mutating func readName() -> String? {
        let start = position
        while let next = peek, next.isLetter || next.isNumber || next == "-" || next == "_" { position += 1 }
        return position > start ? String(characters[start..<position]) : nil
    }

    private func failure(_ reason: String) -> SelectorError {
        SelectorError(selector: text, reason: reason)
    }
}
