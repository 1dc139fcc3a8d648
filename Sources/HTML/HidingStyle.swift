/// Whether an inline `style` hides its element (`display: none`, `visibility: hidden`) or crosses it out
/// (`text-decoration: line-through`), read on the raw bytes of the value. gumbo's copy keeps no `style`;
/// the scan marks such elements `hidden` or `data-line-through` instead, so readers that skip hidden
/// elements skip them too, and price readers see a crossed-out price.
enum HidingStyle {
    /// Whether the declarations in `value` hide the element.
    static func hides(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        declares(value, display, none) || declares(value, visibility, hidden)
    }

    /// Whether the declarations in `value` draw the element crossed out (`text-decoration: line-through`),
    /// as shops mark a "was" price without a `<del>` or a class.
    static func strikes(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        declares(value, textDecoration, lineThrough) || declares(value, textDecorationLine, lineThrough)
    }

    /// Whether `value` declares `property: keyword` (any case, spaces around the colon).
    private static func declares(_ value: UnsafeBufferPointer<UInt8>, _ property: [UInt8], _ keyword: [UInt8]) -> Bool {
        var index = 0
        while index + property.count < value.count {
            defer { index += 1 }
            guard (index == 0 || !isNameByte(value[index - 1])), equals(value, at: index, property) else { continue }
            var cursor = skipSpaces(value, from: index + property.count)
            guard cursor < value.count, value[cursor] == 0x3A else { continue }
            cursor = skipSpaces(value, from: cursor + 1)
            guard equals(value, at: cursor, keyword) else { continue }
            let end = cursor + keyword.count
            if end == value.count || !isNameByte(value[end]) { return true }
        }
        return false
    }

    private static func equals(_ value: UnsafeBufferPointer<UInt8>, at start: Int, _ word: [UInt8]) -> Bool {
        guard start + word.count <= value.count else { return false }
        for offset in 0..<word.count where value[start + offset] | 0x20 != word[offset] { return false }
        return true
    }

    private static func skipSpaces(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while cursor < value.count, ASCIIByte.isSpace(value[cursor]) { cursor += 1 }
        return cursor
    }

    /// Letters, digits and '-': the bytes a CSS name or keyword is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        ASCIIByte.isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
    }

    private static let display = Array("display".utf8)
    private static let textDecoration = Array("text-decoration".utf8)
    private static let textDecorationLine = Array("text-decoration-line".utf8)
    private static let lineThrough = Array("line-through".utf8)
    private static let none = Array("none".utf8)
    private static let visibility = Array("visibility".utf8)
    private static let hidden = Array("hidden".utf8)
}
