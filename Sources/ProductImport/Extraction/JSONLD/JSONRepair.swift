/// A small tolerant scanner that turns the almost-JSON real pages ship into strict JSON.
///
/// It fixes what shops get wrong in JSON-LD and script state: `//` and `/* */` comments,
/// trailing or doubled commas, raw control characters and bad escapes in strings,
/// single-quoted strings, unquoted keys, `undefined`/`NaN`, CDATA or comment wrappers,
/// and junk after the value. One pass, linear in the input.
struct JSONRepair {
    private let bytes: [UInt8]
    /// JSON text for bare identifiers, e.g. the parameters of a Nuxt state function.
    private let substitutions: [String: [UInt8]]
    private var position = 0
    private var output: [UInt8] = []

    /// A scanner over `text`; `substitutions` give JSON for bare identifiers.
    init(_ text: String, substitutions: [String: String] = [:]) {
        self.init(bytes: Array(text.utf8), substitutions: substitutions)
    }

    /// A scanner over UTF-8 `bytes`.
    init(bytes: [UInt8], substitutions: [String: String] = [:]) {
        self.bytes = bytes
        self.substitutions = substitutions.mapValues { Array($0.utf8) }
    }

    /// Every top-level object or array in `text` as strict JSON text, at most `limit` of them.
    static func values(in text: String, limit: Int = 8) -> [String] {
        var scanner = JSONRepair(text)
        var values: [String] = []
        while values.count < limit, scanner.seekContainer() {
            guard let value = scanner.value() else { break }
            values.append(value)
        }
        return values
    }

    /// The value starting at byte `offset` (after whitespace and comments) and the offset after it.
    static func value(in bytes: [UInt8], at offset: Int, substitutions: [String: String] = [:]) -> (json: String, end: Int)? {
        var scanner = JSONRepair(bytes: bytes, substitutions: substitutions)
        scanner.position = offset
        guard let json = scanner.value() else { return nil }
        return (json, scanner.position)
    }

    /// Moves to the next `{` or `[` outside comments; false at the end of input.
    private mutating func seekContainer() -> Bool {
        while position < bytes.count {
            if skipComment() { continue }
            let byte = bytes[position]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { return true }
            position += 1
        }
        return false
    }

    /// Scans one value (container or scalar) into strict JSON text.
    private mutating func value() -> String? {
        output.removeAll(keepingCapacity: true)
        skipSpaceAndComments()
        guard position < bytes.count else { return nil }
        var depth = 0
        var stack: [UInt8] = []
        repeat {
            skipSpaceAndComments()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                depth += 1
                output.append(byte)
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                position += 1
                guard let closer = stack.popLast() else { return finish() }
                dropTrailingComma()
                output.append(closer)
                depth -= 1
            case UInt8(ascii: ","):
                position += 1
                // Drop doubled commas and commas straight after an opening bracket.
                if let last = output.last, last != UInt8(ascii: ","), last != UInt8(ascii: "["), last != UInt8(ascii: "{") {
                    output.append(byte)
                }
            case UInt8(ascii: ":"):
                output.append(byte)
                position += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                scanString(quote: byte)
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
            default:
                if isIdentifierStart(byte) {
                    scanIdentifier()
                } else if depth == 0 {
                    return nil
                } else {
                    // Stray bytes such as `;` or `<` inside a container are dropped.
                    position += 1
                }
            }
        } while depth > 0
        // Truncated input: close what is still open so the head of the data survives.
        while let closer = stack.popLast() {
            dropTrailingComma()
            output.append(closer)
        }
        return finish()
    }

    private func finish() -> String? {
        output.isEmpty ? nil : String(decoding: output, as: UTF8.self)
    }

    private mutating func dropTrailingComma() {
        if output.last == UInt8(ascii: ",") { output.removeLast() }
    }

    private mutating func skipSpaceAndComments() {
        while position < bytes.count {
            if skipComment() { continue }
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C else { return }
            position += 1
        }
    }

    /// Skips a `//`, `/* */`, `<!--`, `-->`, `<![CDATA[` or `]]>` at the cursor.
    private mutating func skipComment() -> Bool {
        if matches("//") {
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            return true
        }
        if matches("/*") {
            position += 2
            while position < bytes.count, !matches("*/") { position += 1 }
            position = min(position + 2, bytes.count)
            return true
        }
        for wrapper in ["<!--", "-->", "<![CDATA[", "]]>"] where matches(wrapper) {
            position += wrapper.utf8.count
            return true
        }
        return false
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[position + offset] != expected[offset] { return false }
            return true
        }
    }

    private func matches(_ literal: String) -> Bool {
        let expected = Array(literal.utf8)
        guard position + expected.count <= bytes.count else { return false }
        return bytes[position..<(position + expected.count)].elementsEqual(expected)
    }

    private mutating func scanString(quote: UInt8) {
        output.append(UInt8(ascii: "\""))
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == quote {
                output.append(UInt8(ascii: "\""))
                return
            }
            switch byte {
            case UInt8(ascii: "\\"):
                scanEscape()
            case UInt8(ascii: "\""):
                output.append(contentsOf: [UInt8(ascii: "\\"), byte])  // only reached inside '…' strings
            case 0x0A: output.append(contentsOf: Array("\\n".utf8))
            case 0x0D: output.append(contentsOf: Array("\\r".utf8))
            case 0x09: output.append(contentsOf: Array("\\t".utf8))
            case 0x00..<0x20: appendUnicodeEscape(UInt32(byte))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))  // unterminated at end of input
    }

    private mutating func scanEscape() {
        guard position < bytes.count else { return }
        let next = bytes[position]
        position += 1
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            output.append(contentsOf: [UInt8(ascii: "\\"), next])
        case UInt8(ascii: "u") where hexDigits(count: 4):
            output.append(contentsOf: [UInt8(ascii: "\\"), next])
        case UInt8(ascii: "x") where hexDigits(count: 2):
            let hex = String(decoding: bytes[position..<(position + 2)], as: UTF8.self)
            appendUnicodeEscape(UInt32(hex, radix: 16) ?? 0x3F)
            position += 2
        case 0x0A, 0x0D:
            break  // a JavaScript line continuation
        case UInt8(ascii: "u"):
            output.append(contentsOf: Array("\\\\u".utf8))
        case 0x00..<0x20:
            appendUnicodeEscape(UInt32(next))
        default:
            // `\'`, `\&` and friends: keep the character, drop the backslash.
            output.append(next)
        }
    }

    private func hexDigits(count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return bytes[position..<(position + count)].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }

    private mutating func appendUnicodeEscape(_ value: UInt32) {
        let hex = String(value, radix: 16)
        output.append(contentsOf: Array(("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8))
    }

    private mutating func scanNumber() {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNumberByte = (byte >= 48 && byte <= 57) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard isNumberByte else { break }
            position += 1
        }
        var number = String(decoding: bytes[start..<position], as: UTF8.self)
        if number.hasPrefix("+") { number.removeFirst() }
        if number.hasPrefix(".") { number = "0" + number }
        if number.hasPrefix("-.") { number = "-0" + number.dropFirst() }
        if number.hasSuffix(".") { number.removeLast() }
        // A leading zero ("007") is not JSON; anything Double can't read becomes a string, and so does
        // what jansson would refuse, failing the whole block: a real beyond Double (1e309) or an
        // integer beyond Int64 (a price of 10^38). The readers then drop the value, not the product.
        let digits = number.hasPrefix("-") ? number.dropFirst() : Substring(number)
        let leadingZero = digits.hasPrefix("0") && digits.count > 1 && !digits.hasPrefix("0.")
        let isInteger = !number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if let value = Double(number), value.isFinite, !isInteger || Int64(number) != nil, !leadingZero {
            output.append(contentsOf: Array(number.utf8))
        } else {
            output.append(contentsOf: Array(("\"" + number + "\"").utf8))
        }
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 97 && byte | 0x20 <= 122) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private mutating func scanIdentifier() {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            guard isIdentifierStart(byte) || (byte >= 48 && byte <= 57) else { break }
            position += 1
        }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        var lookahead = position
        while lookahead < bytes.count, bytes[lookahead] == 0x20 || bytes[lookahead] == 0x09 || bytes[lookahead] == 0x0A || bytes[lookahead] == 0x0D {
            lookahead += 1
        }
        if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: ":") {
            output.append(contentsOf: Array(("\"" + name + "\"").utf8))  // an unquoted key
            return
        }
        switch name {
        case "true", "false", "null":
            output.append(contentsOf: Array(name.utf8))
        default:
            if let substitute = substitutions[name] {
                output.append(contentsOf: substitute)
            } else {
                // undefined, NaN, a variable or `new Date(…)`: the value is unknown.
                if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "(") { skipParentheses(from: lookahead) }
                if name == "new" { skipSpaceAndComments(); if position < bytes.count, isIdentifierStart(bytes[position]) { scanIdentifierDiscarding() } }
                output.append(contentsOf: Array("null".utf8))
            }
        }
    }

    private mutating func scanIdentifierDiscarding() {
        let saved = output
        scanIdentifier()
        output = saved
    }

    private mutating func skipParentheses(from start: Int) {
        position = start
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return } }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                while position < bytes.count, bytes[position] != byte { position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1 }
                position += 1
            }
        }
    }
}
