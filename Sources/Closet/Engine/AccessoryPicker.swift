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

    /// The accessories that suit `outfit`, best first, from the available pieces in `closet`.
    public func pick(for outfit: [ClosetItem], from closet: [ClosetItem]) -> [ClosetItem] {
        var bestByKind: [String: (score: Double, item: ClosetItem)] = [:]
        for item in closet where item.category == .accessory && item.isAvailable && occasion.formality.contains(item.formalityLevel) {
            let points = score(item, with: outfit)
            guard points > 0 else { continue }
            let kind = Self.kind(of: item)
            if let best = bestByKind[kind], best.score > points || (best.score == points && best.item.id < item.id) { continue }
            bestByKind[kind] = (points, item)
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
        let words = ((item.subcategory ?? "") + " " + item.name).lowercased()
        for (kind, names) in kinds where names.contains(where: { words.contains($0) }) { return kind }
        return "other"
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
}
