/// The known occasions and how a user's word resolves to one.
public struct OccasionCatalog: Sendable {
    /// Every occasion, in configuration order.
    public let occasions: [Occasion]
    /// Scoring weights from the same file, when it had a `"weights"` object.
    public let weights: ScoringWeights?
    /// Each occasion's normalized name, then its normalized aliases (same order as `occasions`).
    private let spellings: [[String]]

    /// Makes a catalog from occasions already built in code.
    public init(occasions: [Occasion], weights: ScoringWeights? = nil) {
        self.occasions = occasions
        self.weights = weights
        spellings = occasions.map { ([$0.name] + $0.aliases).map(Self.normalized) }
    }

    /// The occasion meant by `word`: an exact name or alias first, then a unique prefix of one.
    ///
    /// Matching ignores case, extra spaces, hyphens and underscores, so "Business-Casual" works.
    public func resolve(_ word: String) throws(ClosetError) -> Occasion {
        let wanted = Self.normalized(word)
        let names = occasions.map(\.name)
        guard !wanted.isEmpty else { throw .unknownOccasion(word: word, options: names) }
        let indexed = zip(occasions, spellings)
        if let exact = indexed.first(where: { $0.1[0] == wanted }) { return exact.0 }
        let aliased = indexed.filter { $0.1.dropFirst().contains(wanted) }.map(\.0)
        if aliased.count == 1 { return aliased[0] }
        if aliased.count > 1 { throw .ambiguousOccasion(word: word, matches: aliased.map(\.name)) }
        let prefixed = indexed.filter { $0.1.contains { $0.hasPrefix(wanted) } }.map(\.0)
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 { throw .ambiguousOccasion(word: word, matches: prefixed.map(\.name)) }
        throw .unknownOccasion(word: word, options: names)
    }

    /// Lowercased, with hyphens and underscores as spaces and runs of spaces collapsed.
    static func normalized(_ text: String) -> String {
        let spaced = text.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 }
        return String(spaced).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
