/// Adds optional finishing pieces (a belt, bag, scarf, hat or jewellery) to an outfit the rules
/// already chose.
///
/// Accessories are never required and never change which outfits are found or how they rank: the
/// search and its exact top list stay as they are, and each outfit gets at most `limit` accessories,
/// at most one per kind, each scored on formality and colour against that outfit. A piece joins only
/// when its score is positive.
public struct AccessoryPicker: Sendable {
    /// The occasion whose formality range and target apply.
    public let occasion: Occasion
    /// At most this many accessories per outfit.
    public var limit = 2

    /// A picker for `occasion`.
    public init(occasion: Occasion) {
        self.occasion = occasion
    }

    /// An accessory that may join outfits for this occasion, with its kind worked out once.
    public struct Candidate: Sendable {
        let item: ClosetItem
        let kind: String
    }

    /// The available accessories within the occasion's formality range, each with its kind; work
    /// this out once per closet and pass it to `pick(for:among:)` for every outfit.
    public func candidates(from closet: [ClosetItem]) -> [Candidate] {
        closet.lazy.filter { $0.category == .accessory && $0.isAvailable && occasion.formality.contains($0.formalityLevel) }
            .map { Candidate(item: $0, kind: Self.kind(of: $0)) }
    }

    /// The accessories that suit `outfit`, best first, from the available pieces in `closet`.
    public func pick(for outfit: [ClosetItem], from closet: [ClosetItem]) -> [ClosetItem] {
        pick(for: outfit, among: candidates(from: closet))
    }

    /// The accessories that suit `outfit`, best first, among `candidates`.
    public func pick(for outfit: [ClosetItem], among candidates: [Candidate]) -> [ClosetItem] {
        var bestByKind: [String: (score: Double, item: ClosetItem)] = [:]
        for candidate in candidates {
            let item = candidate.item
            let points = score(item, with: outfit)
            guard points > 0 else { continue }
            if let best = bestByKind[candidate.kind], best.score > points || (best.score == points && best.item.id < item.id) { continue }
            bestByKind[candidate.kind] = (points, item)
        }
        let ranked = bestByKind.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.item.id < $1.item.id }
        return ranked.prefix(limit).map(\.item)
    }

    /// Formality (1 at the occasion's target, less further away) plus colour: a neutral sits with
    /// anything, an accent the outfit already has ties it together, a new accent competes with the
    /// outfit's own, and a clashing hue is never worth it.
    public func score(_ item: ClosetItem, with outfit: [ClosetItem]) -> Double {
        let formality = 1 - Double(abs(item.formalityLevel - occasion.targetFormality)) / 2
        let accents = Set(outfit.compactMap(\.accentFamily))
        let colour: Double
        if let accent = item.accentFamily {
            if accents.contains(where: { $0.clashes(with: accent) }) {
                colour = -2
            } else if accents.contains(accent) {
                colour = 1
            } else {
                colour = accents.isEmpty ? 0.5 : -0.5
            }
        } else {
            colour = 0.5
        }
        return formality + colour
    }

    /// The kind an accessory counts as, so an outfit never gets two belts: from its subcategory or name.
    static func kind(of item: ClosetItem) -> String {
        let words = Array(((item.subcategory ?? "") + " " + item.name).lowercased().utf8)
        for (kind, names) in kindBytes where names.contains(where: { contains(words, $0) }) { return kind }
        return "other"
    }

    /// Whether `text` contains `word`, byte by byte (Foundation's `contains` is a locale-aware
    /// search, far too slow for every accessory of every `/outfit`).
    private static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, word.count <= text.count else { return false }
        for start in 0...(text.count - word.count) where text[start] == first {
            if text[start..<start + word.count].elementsEqual(word) { return true }
        }
        return false
    }

    /// Accessory kinds and the words that name them, first match wins.
    static let kinds: [(String, [String])] = [
        ("belt", ["belt"]),
        ("bag", ["bag", "tote", "clutch", "backpack", "purse"]),
        ("scarf", ["scarf", "shawl", "stole"]),
        ("hat", ["hat", "cap", "beanie", "beret"]),
        ("jewellery", ["jewel", "jewelry", "necklace", "earring", "bracelet", "ring", "watch", "brooch"]),
        ("tie", ["tie", "bow tie", "pocket square"]),
    ]

    /// `kinds` as UTF-8 bytes, made once.
    private static let kindBytes: [(String, [[UInt8]])] = kinds.map { ($0.0, $0.1.map { Array($0.utf8) }) }
}
