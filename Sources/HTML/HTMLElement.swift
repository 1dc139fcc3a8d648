/// One element of a parsed page: its tag, attributes and where it sits in the tree.
///
/// Elements live in document order inside `HTMLDocument`; an element's descendants are
/// the elements right after it, up to `subtreeEnd`, so subtree walks are plain index ranges.
public struct HTMLElement: Sendable, Hashable {
    /// Position of the element in document order.
    public let index: Int
    /// Lowercase tag name, e.g. "div", "script", "my-widget".
    public let tag: String
    /// Attributes in source order; names are lowercase, values have entities decoded. A slice
    /// of the document's one attribute array.
    public let attributes: ArraySlice<HTMLAttribute>
    /// Index of the parent element, nil for the root `<html>`.
    public let parent: Int?
    /// One past the index of the element's last descendant.
    public let subtreeEnd: Int
    /// Depth in the tree; the root `<html>` is 0.
    public let depth: Int
    /// The range of the document's text runs that lie inside this element.
    public let textRuns: Range<Int>

    /// The value of the attribute `name` (lowercase), or nil when absent.
    public subscript(name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }

    /// The attribute the scan gives an element whose inline `style` draws it crossed out
    /// (`text-decoration: line-through`); gumbo's copy keeps no `style`.
    public static let lineThroughAttribute = "data-line-through"

    /// Whether the element carries the attribute `name`, with or without a value.
    public func has(_ name: String) -> Bool {
        attributes.contains { $0.name == name }
    }

    /// The indices of this element's descendants in document order.
    public var descendantIndices: Range<Int> { (index + 1)..<subtreeEnd }

    /// Whether the whitespace-separated `class` attribute contains `name`.
    /// Classes are separated by ASCII whitespace (the HTML rule); the check runs on UTF-8 bytes
    /// because site-rule selectors ask it of every element of a page.
    public func hasClass(_ name: String) -> Bool {
        guard let classes = self["class"], !name.isEmpty else { return false }
        let wanted = name.utf8, value = classes.utf8
        var tokenStart = value.startIndex
        while tokenStart < value.endIndex {
            while tokenStart < value.endIndex, Self.isClassSeparator(value[tokenStart]) { tokenStart = value.index(after: tokenStart) }
            var tokenEnd = tokenStart
            while tokenEnd < value.endIndex, !Self.isClassSeparator(value[tokenEnd]) { tokenEnd = value.index(after: tokenEnd) }
            if tokenStart < tokenEnd, value[tokenStart..<tokenEnd].elementsEqual(wanted) { return true }
            tokenStart = tokenEnd
        }
        return false
    }

    private static func isClassSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}

/// One attribute of an element.
public struct HTMLAttribute: Sendable, Hashable {
    /// Lowercase attribute name.
    public let name: String
    /// Attribute value with character references decoded.
    public let value: String

    /// An attribute with the given name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
