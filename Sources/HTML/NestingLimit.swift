/// Keeps gumbo's copy of a page at most `maximumDepth` elements deep.
///
/// gumbo's tree building is quadratic in the nesting depth (every start tag checks the open
/// elements and the active formatting list), so 100,000 unclosed `<div><span><b>` took minutes
/// and pinned a core. Like Blink's parser, which stops nesting at 512, elements opened deeper than
/// the limit are left out of the copy (their text stays) and so are their end tags. Real pages
/// nest a few dozen deep; the limit only changes pages built to hurt.
///
/// The depth is counted from the tags as written: void elements (`<img>`) and elements whose end
/// tag is optional (`<li>`, `<p>`, `<option>`, table parts…) do not count, since pages leave
/// thousands of them unclosed. A pure value, tested without a page.
struct NestingLimit {
    /// The deepest nesting gumbo's copy keeps.
    static let maximumDepth = 512

    /// How a tag takes part in the count.
    enum Kind {
        /// Never has content: `<img>`, `<br>`, `<input>`…
        case void
        /// Pages often leave it unclosed: `<li>`, `<p>`, `<td>`…
        case optionalEnd
        /// Everything else: a start tag opens one level, its end tag closes one.
        case counted
    }

    /// Elements opened and not closed, as counted.
    private(set) var depth = 0

    /// A start tag of `kind`: whether it goes into gumbo's copy.
    mutating func opens(_ kind: Kind) -> Bool {
        guard kind == .counted else { return true }
        depth += 1
        return depth <= Self.maximumDepth
    }

    /// An end tag of `kind`: whether it goes into gumbo's copy.
    mutating func closes(_ kind: Kind) -> Bool {
        guard kind == .counted, depth > 0 else { return true }
        depth -= 1
        return depth < Self.maximumDepth
    }

    /// The kind of the tag whose lowercase-insensitive name is `name`.
    static func kind(of name: UnsafeBufferPointer<UInt8>) -> Kind {
        guard name.count <= 8 else { return .counted }
        var packed: UInt64 = 0
        for byte in name { packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        // The commonest tags first, without hashing: a shop page has tens of thousands of them.
        if packed == div || packed == span || packed == anchor { return .counted }
        if packed == image || packed == listItem { return packed == image ? .void : .optionalEnd }
        if voidNames.contains(packed) { return .void }
        if optionalEndNames.contains(packed) { return .optionalEnd }
        return .counted
    }

    private static let div = packed("div"), span = packed("span"), anchor = packed("a"), image = packed("img"), listItem = packed("li")

    private static func packed(_ name: String) -> UInt64 { name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }

    private static func packed(_ names: [String]) -> Set<UInt64> {
        Set(names.map { $0.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } })
    }

    private static let voidNames = packed([
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param",
        "keygen", "frame", "basefont", "bgsound", "image",
    ])
    private static let optionalEndNames = packed([
        "li", "p", "option", "optgroup", "td", "th", "tr", "tbody", "thead", "tfoot", "dt", "dd", "rb", "rt", "rp", "rtc",
        "colgroup", "caption", "html", "head", "body",
    ])
}
