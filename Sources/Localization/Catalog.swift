import JSON

/// One language's messages: key → text, or key → text per plural category.
public struct Catalog: Sendable {
    /// One message of a catalog.
    public enum Entry: Sendable, Hashable {
        /// A text with `{name}` placeholders and `**bold**` runs.
        case text(String)
        /// Texts per plural category, chosen by the `count` argument; "other" is always present.
        case plural([PluralCategory: String])

        /// Every text of the entry (one, or one per category).
        public var texts: [String] {
            switch self {
            case .text(let text): [text]
            case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
            }
        }
    }

    /// The messages by key.
    public let entries: [String: Entry]

    /// Bounds for an operator's file: a catalog is small, and a runaway file must not eat memory.
    static let maxEntries = 5000, maxKeyLength = 100, maxTextLength = 4000

    /// A catalog of entries already read.
    public init(entries: [String: Entry]) {
        self.entries = entries
    }

    /// Reads a catalog file: one JSON object of "key": "text" or "key": {"one": "…", "other": "…"}.
    public init(jsonText: String) throws(LocalizationError) {
        let json: JSON
        do { json = try JSON.parse(jsonText) } catch { throw .badCatalog("not valid JSON: \(error)") }
        guard let object = json.object else { throw .badCatalog("the top level must be an object of keys") }
        guard object.count <= Self.maxEntries else { throw .badCatalog("more than \(Self.maxEntries) keys") }
        var entries: [String: Entry] = [:]
        for (key, value) in object {
            guard (1...Self.maxKeyLength).contains(key.count) else { throw .badCatalog("key \"\(key.prefix(40))\" is empty or too long") }
            if let text = value.string {
                guard text.count <= Self.maxTextLength else { throw .badCatalog("\(key): text longer than \(Self.maxTextLength)") }
                entries[key] = .text(text)
            } else if let forms = value.object {
                var plural: [PluralCategory: String] = [:]
                for (name, form) in forms {
                    guard let category = PluralCategory(rawValue: name) else {
                        throw .badCatalog("\(key): unknown plural category \"\(name.prefix(20))\" (use one, other)")
                    }
                    guard let text = form.string, text.count <= Self.maxTextLength else { throw .badCatalog("\(key).\(name): must be a text") }
                    plural[category] = text
                }
                guard plural[.other] != nil else { throw .badCatalog("\(key): a plural needs an \"other\" form") }
                entries[key] = .plural(plural)
            } else {
                throw .badCatalog("\(key): must be a text or an object of plural forms")
            }
        }
        self.entries = entries
    }

    /// The same catalog with `other`'s entries replacing or adding to these.
    public func merging(_ other: Catalog) -> Catalog {
        Catalog(entries: entries.merging(other.entries) { _, new in new })
    }

    /// The placeholder names used in a text, e.g. ["count", "name"] for "{count} × {name}".
    public static func placeholders(in text: String) -> Set<String> {
        Set(Template.parse(text).compactMap { if case .placeholder(let name, _) = $0 { name } else { nil } })
    }
}
