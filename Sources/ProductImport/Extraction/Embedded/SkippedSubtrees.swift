import HTML
import JSON

/// Script state with its skipped subtrees emptied before jansson parses it.
///
/// `ProductShape.pruning` leaves recommendations, reviews and the like out of the copy, but jansson
/// still builds them first: a Next.js blob of 800 KB, most of it a "recommendations" list, took four
/// times the page's size in memory. Here each object or array under a key the pruning skips is
/// found in the bytes and emptied (`[]`, `{}`), so jansson never sees it; the pruned copy is the same.
enum SkippedSubtrees {
    /// Smaller texts parse whole: the search would cost more than it saves.
    static let smallestText = 64 * 1024

    /// Parses `bytes` with `ProductShape.pruning`, emptying the skipped subtrees first when the text is large.
    static func parse(_ bytes: [UInt8]) -> JSON? {
        if let emptied = emptied(bytes), let value = try? JSON.parse(bytes: emptied, pruning: ProductShape.pruning) { return value }
        return try? JSON.parse(bytes: bytes, pruning: ProductShape.pruning)
    }

    /// `bytes` with the inside of every object or array under a skipped key taken out, or nil when there is none
    /// (or the text is small). Text that is not well-formed JSON may be emptied wrongly; its parse then fails and
    /// the caller parses the original.
    static func emptied(_ bytes: [UInt8], smallest: Int = smallestText) -> [UInt8]? {
        guard bytes.count >= smallest else { return nil }
        var inside: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { text in
            var cursor = 0
            while cursor < text.count, let hit = ProductShape.skippedWords.firstOccurrence(in: text, cursor..<text.count) {
                if let value = valueUnderKey(around: hit, in: text) {
                    inside.append((value.lowerBound + 1)..<(value.upperBound - 1))
                    cursor = value.upperBound
                } else {
                    cursor = hit + 1
                }
            }
        }
        inside.removeAll { $0.isEmpty }
        guard !inside.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - inside.reduce(0) { $0 + $1.count })
        var start = 0
        for range in inside {
            result.append(contentsOf: bytes[start..<range.lowerBound])
            start = range.upperBound
        }
        result.append(contentsOf: bytes[start...])
        return result
    }

    /// The object or array (brackets included) that is the value of the key holding the word at `hit`, or nil when
    /// the word is not in a key (a value's text, `"related"` after a comma) or the value is not a container.
    private static func valueUnderKey(around hit: Int, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        // The key's opening quote: keys are short, and hold no escapes or control bytes this search would misread.
        var open = hit - 1
        while open >= 0, hit - open <= 100, text[open] != quote {
            guard text[open] != backslash, text[open] >= 0x20 else { return nil }
            open -= 1
        }
        guard open >= 0, text[open] == quote, open == 0 || text[open - 1] != backslash else { return nil }
        var close = hit
        while close < text.count, close - hit <= 100, text[close] != quote {
            guard text[close] != backslash, text[close] >= 0x20 else { return nil }
            close += 1
        }
        guard close < text.count, text[close] == quote else { return nil }
        // A string followed by a colon is a key.
        var cursor = close + 1
        while cursor < text.count, ASCIIByte.isSpace(text[cursor]) { cursor += 1 }
        guard cursor < text.count, text[cursor] == UInt8(ascii: ":") else { return nil }
        cursor += 1
        while cursor < text.count, ASCIIByte.isSpace(text[cursor]) { cursor += 1 }
        guard cursor < text.count, text[cursor] == UInt8(ascii: "[") || text[cursor] == UInt8(ascii: "{") else { return nil }
        return container(at: cursor, in: text).map { cursor..<$0 }
    }

    /// One past the bracket that closes the object or array opening at `start`, strings skipped; nil when it never closes.
    private static func container(at start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var depth = 0, cursor = start, inString = false
        while cursor < text.count {
            let byte = text[cursor]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    cursor += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return nil
    }
}
