/// Message text with a little formatting, rendered per transport (Telegram HTML, Matrix HTML, plain).
public struct RichText: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// One run of text with one style.
    public enum Segment: Sendable, Hashable {
        case plain(String)
        case bold(String)
        case italic(String)
        case code(String)
        case link(String, url: String)
    }

    public private(set) var segments: [Segment]

    public init(_ segments: [Segment] = []) {
        self.segments = segments
    }

    public init(stringLiteral value: String) {
        segments = [.plain(value)]
    }

    /// A plain run.
    public static func plain(_ text: String) -> RichText { RichText([.plain(text)]) }
    /// A bold run.
    public static func bold(_ text: String) -> RichText { RichText([.bold(text)]) }

    /// Appends another text.
    public static func + (lhs: RichText, rhs: RichText) -> RichText { RichText(lhs.segments + rhs.segments) }
    /// Appends in place.
    public static func += (lhs: inout RichText, rhs: RichText) { lhs.segments += rhs.segments }

    /// Joins texts with a separator.
    public static func joined(_ parts: [RichText], separator: String = "\n") -> RichText {
        var result = RichText()
        for (index, part) in parts.enumerated() {
            if index > 0 { result.segments.append(.plain(separator)) }
            result.segments += part.segments
        }
        return result
    }

    /// The text without formatting (links show their URL).
    public var plainText: String {
        segments.map { segment in
            switch segment {
            case .plain(let text), .bold(let text), .italic(let text), .code(let text): return text
            case .link(let text, let url): return text == url ? url : "\(text) (\(url))"
            }
        }.joined()
    }

    /// HTML for Telegram's `parse_mode=HTML` and Matrix's `formatted_body`; all text escaped.
    public var html: String {
        segments.map { segment in
            switch segment {
            case .plain(let text): return RichText.escape(text)
            case .bold(let text): return "<b>\(RichText.escape(text))</b>"
            case .italic(let text): return "<i>\(RichText.escape(text))</i>"
            case .code(let text): return "<code>\(RichText.escape(text))</code>"
            case .link(let text, let url): return "<a href=\"\(RichText.escape(url))\">\(RichText.escape(text))</a>"
            }
        }.joined()
    }

    /// Escapes `&`, `<`, `>` and `"` for HTML.
    public static func escape(_ text: String) -> String {
        // The four are ASCII, so a byte scan finds them; most text has none and is returned as is.
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }
        guard text.utf8.contains(where: special) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: result.append(contentsOf: "&amp;".utf8)
            case 0x3C: result.append(contentsOf: "&lt;".utf8)
            case 0x3E: result.append(contentsOf: "&gt;".utf8)
            case 0x22: result.append(contentsOf: "&quot;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension RichText.StringInterpolation {
    /// Interpolating rich text keeps its formatting.
    public mutating func appendInterpolation(_ text: RichText) {
        parts += text.segments
    }
}

extension RichText {
    /// Interpolation that collects segments.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Segment] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { parts.append(.plain(literal)) } }
        public mutating func appendInterpolation<T>(_ value: T) { parts.append(.plain(String(describing: value))) }
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.parts
    }
}

extension RichText {
    /// The same text with every run bold (a heading from a catalog).
    public var bolded: RichText {
        RichText(segments.map { segment in
            switch segment {
            case .plain(let text): .bold(text)
            default: segment
            }
        })
    }
}
