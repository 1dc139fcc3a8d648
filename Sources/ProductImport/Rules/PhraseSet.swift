/// Keyword phrases mapped to values, matched word by word with the longest phrase winning.
///
/// A phrase is one or more folded words. A single word written `*hose` matches any word that
/// ends in "hose" (German compounds such as "Stoffhose"), but an exact word beats it.
struct PhraseSet<Value: Sendable>: Sendable {
    /// One phrase occurrence in a text.
    struct Match: Sendable {
        /// The value of the matched rule, nil for phrases that only block others (e.g. "button down").
        let value: Value?
        /// Position of the first matched word.
        let start: Int
        /// Number of words matched.
        let length: Int
        /// False for a compound-suffix match.
        let isExact: Bool
        /// Position of the rule in the rules file; earlier rules win ties.
        let order: Int
    }

    private struct Entry: Sendable {
        let words: [String]
        let value: Value?
        let order: Int
    }

    private var byFirstWord: [String: [Entry]] = [:]
    private var suffixes: [Entry] = []

    /// Adds `phrase` for `value`; `order` ranks the rule against others.
    mutating func add(_ phrase: String, value: Value?, order: Int) {
        if phrase.hasPrefix("*") {
            let suffix = KeywordText(String(phrase.dropFirst())).words.joined()
            if !suffix.isEmpty { suffixes.append(Entry(words: [suffix], value: value, order: order)) }
            return
        }
        let words = KeywordText(phrase).words
        guard let first = words.first else { return }
        byFirstWord[first, default: []].append(Entry(words: words, value: value, order: order))
    }

    /// Non-overlapping matches from left to right, taking the longest phrase at each word.
    func matches(in text: KeywordText) -> [Match] {
        let words = text.words
        var result: [Match] = []
        var position = 0
        while position < words.count {
            var best: Entry?
            for entry in byFirstWord[words[position]] ?? [] where entry.words.count <= words.count - position {
                guard best == nil || entry.words.count > best!.words.count || (entry.words.count == best!.words.count && entry.order < best!.order) else { continue }
                if words[position..<(position + entry.words.count)].elementsEqual(entry.words) { best = entry }
            }
            if let best {
                result.append(Match(value: best.value, start: position, length: best.words.count, isExact: true, order: best.order))
                position += best.words.count
                continue
            }
            let word = words[position]
            // Compounds need at least two letters before the suffix ("Stoffhose", not "hose" itself).
            if let suffix = suffixes.filter({ word.count >= $0.words[0].count + 2 && word.hasSuffix($0.words[0]) })
                .max(by: { ($0.words[0].count, -$0.order) < ($1.words[0].count, -$1.order) }) {
                result.append(Match(value: suffix.value, start: position, length: 1, isExact: false, order: suffix.order))
            }
            position += 1
        }
        return result
    }

    /// The most specific match: longest, then exact, then the earliest rule.
    func best(in text: KeywordText) -> Match? {
        Self.best(among: matches(in: text))
    }

    /// The most specific of `matches` found already.
    static func best(among matches: [Match]) -> Match? {
        matches.filter { $0.value != nil }.min { lhs, rhs in
            (-lhs.length, lhs.isExact ? 0 : 1, lhs.order) < (-rhs.length, rhs.isExact ? 0 : 1, rhs.order)
        }
    }

    /// The value of the first match in reading order.
    func first(in text: KeywordText) -> Value? {
        matches(in: text).lazy.compactMap(\.value).first
    }
}
