/// A stable identity for an outfit: its pieces' ids in slot order.
///
/// Slot order is top, bottom, shoes, outerwear for separates and dress, shoes, outerwear for a
/// dress. Keys compare lexicographically; they break score ties and record what was shown.
public struct OutfitKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The item ids in slot order.
    public var ids: [Int64]

    /// Makes a key from ids in slot order.
    public init(ids: [Int64]) {
        self.ids = ids
    }

    /// Parses the text form made by `description`, e.g. "12-40-7"; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int64($0) }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        ids = parts.compactMap { $0 }
    }

    /// Text form for storing the set of shown outfits, e.g. "12-40-7".
    public var description: String { ids.map(String.init).joined(separator: "-") }

    public static func < (left: OutfitKey, right: OutfitKey) -> Bool {
        left.ids.lexicographicallyPrecedes(right.ids)
    }
}
