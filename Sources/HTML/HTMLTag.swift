/// A start tag found by the fast scan: its name and attributes, without a tree around it.
public struct HTMLTag: Sendable, Hashable {
    /// Lowercase tag name.
    public let name: String
    /// Attributes in source order; names lowercase, values with entities decoded.
    public let attributes: [HTMLAttribute]

    /// A tag with the given name and attributes.
    public init(name: String, attributes: [HTMLAttribute]) {
        self.name = name
        self.attributes = attributes
    }

    /// The value of the attribute `name` (lowercase), or nil when absent.
    public subscript(name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }
}

/// A `<script>` element found by the fast scan, with its source bytes verbatim.
public struct HTMLScript: Sendable, Hashable {
    /// The script's start tag (type, id, src…).
    public let tag: HTMLTag
    /// Everything between `<script …>` and `</script>`, byte for byte: a slice of the scanned
    /// page that shares its storage, so a page's megabyte of scripts is not copied.
    public let source: ArraySlice<UInt8>

    /// A script with the given start tag and source bytes.
    public init(tag: HTMLTag, source: ArraySlice<UInt8>) {
        self.tag = tag
        self.source = source
    }

    /// The source as text (invalid UTF-8 repaired). Decoded on each call: read it once and
    /// check `source.count` first when only small scripts matter.
    public var text: String { String(decoding: source, as: UTF8.self) }

    /// The value of the attribute `name` on the start tag.
    public subscript(name: String) -> String? { tag[name] }
}
