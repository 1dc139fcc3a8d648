import Foundation
import Support

/// The known occasions and how a user's word resolves to one.
public struct OccasionCatalog: Sendable {
    /// Every occasion, in configuration order.
    public let occasions: [Occasion]
    /// Scoring weights from the same file, when it had a `"weights"` object.
    public let weights: ScoringWeights?
    /// Each occasion's normalized name, then its normalized aliases (same order as `occasions`).
    private let spellings: [[String]]
    /// The same without accents, punctuation or case, for finding them in a sentence typed on a phone ("diner" for "dîner").
    private let sentenceSpellings: [[String]]

    /// Makes a catalog from occasions already built in code.
    public init(occasions: [Occasion], weights: ScoringWeights? = nil) {
        self.occasions = occasions
        self.weights = weights
        spellings = occasions.map { ([$0.name] + $0.aliases).map(Self.normalized) }
        sentenceSpellings = occasions.map { ([$0.name] + $0.aliases).map(Self.sentenceForm) }
    }

    /// The occasion meant by `word`: an exact name or alias first, then a unique prefix of one,
    /// then the one closest spelling (a typo such as "buisness").
    ///
    /// Matching ignores case, extra spaces, hyphens and underscores, so "Business-Casual" works.
    public func resolve(_ word: String) throws(ClosetError) -> Occasion {
        try match(word).occasion
    }

    /// Like `resolve`, but says when the occasion is a guess from a misspelling, so the reply can tell the user.
    public func match(_ word: String) throws(ClosetError) -> OccasionMatch {
        do {
            return OccasionMatch(occasion: try exactOrPrefix(word), correctedFrom: nil)
        } catch {
            guard case .unknownOccasion = error, let close = closest(to: word) else { throw error }
            return OccasionMatch(occasion: close, correctedFrom: word)
        }
    }

    private func exactOrPrefix(_ word: String) throws(ClosetError) -> Occasion {
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

    /// The occasion a sentence names in whole words ("what should I wear to a wedding" names wedding
    /// guest through its alias "wedding", "Que mettre pour un diner ?" dinner date through "dîner"); articles
    /// and prepositions around it ("zum", "pour un", "para una", "per l'") don't matter. The longest name
    /// found wins, and nil when two occasions tie.
    public func mentioned(in text: String) -> Occasion? {
        guard text.count <= 1_000 else { return nil }
        let sentence = " " + Self.sentenceForm(text) + " "
        var best: (length: Int, indices: Set<Int>) = (0, [])
        for (index, names) in sentenceSpellings.enumerated() {
            for name in names where name.count >= 3 && sentence.contains(" \(name) ") {
                if name.count > best.length { best = (name.count, [index]) } else if name.count == best.length { best.indices.insert(index) }
            }
        }
        guard best.indices.count == 1, let index = best.indices.first else { return nil }
        return occasions[index]
    }

    /// Lowercased without accents, everything but letters and digits as spaces, runs of spaces collapsed.
    static func sentenceForm(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        return normalized(String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " }))
    }

    /// Lowercased, with hyphens and underscores as spaces and runs of spaces collapsed.
    static func normalized(_ text: String) -> String {
        let spaced = text.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 }
        return String(spaced).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The single occasion whose name or alias is within a small edit distance of `word`, if any.
    private func closest(to word: String) -> Occasion? {
        let wanted = Array(Self.normalized(word))
        // Short words are too easy to confuse, long ones are not typos of an occasion name.
        guard (4...40).contains(wanted.count) else { return nil }
        let allowed = min(2, wanted.count / 4)
        var best: (distance: Int, indices: Set<Int>) = (allowed + 1, [])
        for (index, names) in spellings.enumerated() {
            for name in names {
                let distance = EditDistance.between(wanted, Array(name))
                if distance < best.distance {
                    best = (distance, [index])
                } else if distance == best.distance {
                    best.indices.insert(index)
                }
            }
        }
        guard best.distance <= allowed, best.indices.count == 1, let index = best.indices.first else { return nil }
        return occasions[index]
    }
}

/// The occasion a user's word resolved to, and the word itself when it was a misspelling.
public struct OccasionMatch: Sendable {
    /// The occasion chosen.
    public let occasion: Occasion
    /// The user's word when it matched only approximately; nil for an exact, alias or prefix match.
    public let correctedFrom: String?

    /// "No occasion "buisness" — showing business casual.", or nil for an exact match.
    public var note: String? {
        correctedFrom.map { "No occasion \"\(ClosetError.shortened($0))\" — showing \(occasion.name)." }
    }
}
