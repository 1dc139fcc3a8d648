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

/// A `<script>` element found by the fast scan, with its source text verbatim.
public struct HTMLScript: Sendable, Hashable {
    /// The script's start tag (type, id, src…).
    public let tag: HTMLTag
    /// Everything between `<script …>` and `</script>`, byte for byte.
    public let text: String

    /// The value of the attribute `name` on the start tag.
    public subscript(name: String) -> String? { tag[name] }
}
