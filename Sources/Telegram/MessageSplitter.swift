import Chat

/// Splits rich text to fit Telegram's limits (4096 for messages, 1024 for captions).
///
/// Telegram counts UTF-16 units of the visible text after entity parsing. Splitting happens on
/// `RichText` segments before rendering, so a piece never breaks inside a tag or an entity;
/// each piece is rendered (and escaped) on its own. Breaks prefer paragraphs, then lines, then words.
public enum MessageSplitter {
    /// The message text limit.
    public static let messageLimit = 4096
    /// The caption limit.
    public static let captionLimit = 1024

    /// The length Telegram measures: UTF-16 units of the visible text.
    public static func visibleLength(_ text: RichText) -> Int {
        text.segments.reduce(0) { $0 + visible($1).utf16.count }
    }

    /// Pieces of at most `limit` visible UTF-16 units, in order; empty text gives no pieces.
    public static func split(_ text: RichText, limit: Int = messageLimit) -> [RichText] {
        var rest = text.segments.filter { !visible($0).isEmpty }
        var pieces: [RichText] = []
        while !rest.isEmpty {
            // A text has at most as many UTF-16 units as UTF-8 bytes, and the byte count is known without a
            // scan: most replies fit on that alone, without counting UTF-16 units (a walk over non-ASCII text).
            let bytes = rest.reduce(0) { $0 + visible($1).utf8.count }
            let total = bytes <= limit ? bytes : rest.reduce(0) { $0 + visible($1).utf16.count }
            if total <= limit {
                pieces.append(RichText(rest))
                break
            }
            let cut = breakPoint(in: rest.map(visible).joined(), limit: limit)
            let (head, tail) = divide(rest, at: cut)
            pieces.append(RichText(head))
            rest = trimLeadingWhitespace(tail)
        }
        return pieces.filter { !$0.segments.isEmpty }
    }

    /// The UTF-16 offset to cut at: after the last paragraph break, line break or space that fits, else a hard cut.
    static func breakPoint(in text: String, limit: Int) -> Int {
        var offset = 0
        var paragraph = 0, line = 0, space = 0, hard = 0
        var previous: Character?
        for character in text {
            let width = character.utf16.count
            if offset + width > limit { break }
            offset += width
            hard = offset
            if character == "\n" {
                if previous == "\n" { paragraph = offset }
                line = offset
            } else if character == " " {
                space = offset
            }
            previous = character
        }
        // A break in the first quarter would leave a tiny piece; prefer a later, weaker break then.
        let minimum = limit / 4
        for candidate in [paragraph, line, space] where candidate > minimum { return candidate }
        return max(hard, 1)
    }

    /// Splits segments at a visible UTF-16 offset, keeping each side's formatting.
    static func divide(_ segments: [RichText.Segment], at cut: Int) -> ([RichText.Segment], [RichText.Segment]) {
        var head: [RichText.Segment] = []
        var position = 0
        for (index, segment) in segments.enumerated() {
            let text = visible(segment)
            let length = text.utf16.count
            if position + length <= cut {
                head.append(segment)
                position += length
                continue
            }
            let inside = cut - position
            let splitIndex = String.Index(utf16Offset: inside, in: text)
            var tail = Array(segments[(index + 1)...])
            if inside > 0 { head.append(rebuild(segment, String(text[..<splitIndex]))) }
            tail.insert(rebuild(segment, String(text[splitIndex...])), at: 0)
            return (head, tail)
        }
        return (head, [])
    }

    static func trimLeadingWhitespace(_ segments: [RichText.Segment]) -> [RichText.Segment] {
        var result = segments
        while let first = result.first {
            let text = visible(first)
            let trimmed = String(text.drop { $0 == " " || $0 == "\n" })
            if trimmed.isEmpty {
                result.removeFirst()
                continue
            }
            result[0] = rebuild(first, trimmed)
            break
        }
        return result
    }

    /// The visible text of a segment in Telegram HTML (a link shows only its text).
    static func visible(_ segment: RichText.Segment) -> String {
        switch segment {
        case .plain(let text), .bold(let text), .italic(let text), .code(let text), .link(let text, _): return text
        }
    }

    static func rebuild(_ segment: RichText.Segment, _ text: String) -> RichText.Segment {
        switch segment {
        case .plain: return .plain(text)
        case .bold: return .bold(text)
        case .italic: return .italic(text)
        case .code: return .code(text)
        case .link(_, let url): return .link(text, url: url)
        }
    }
}
