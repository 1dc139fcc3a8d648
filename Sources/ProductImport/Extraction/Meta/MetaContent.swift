import HTML

extension Array where Element == HTMLTag {
    /// The `content` of the first meta tag whose `property` (or else `name`) is `key` (lowercase).
    func metaContent(_ key: String) -> String? {
        first { ($0["property"] ?? $0["name"])?.lowercased() == key }?["content"]
    }
}
