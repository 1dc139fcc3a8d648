/// Pair points of every category pair by profile, computed once per set of weights.
///
/// A profile is formality × warmth × volume (50 values); the pair terms (cohesion, warmth,
/// proportion) depend on nothing else, which is what makes the search's bounds cheap.
struct PairTables: Sendable {
    private let tables: [[[Double]]]

    init(weights: ScoringWeights) {
        let categories = Category.allCases
        tables = categories.map { first in
            categories.map { second in
                (0..<OutfitSearch.profileCount * OutfitSearch.profileCount).map { index in
                    Self.points(first, index / OutfitSearch.profileCount, second,
                                index % OutfitSearch.profileCount, weights: weights)
                }
            }
        }
    }

    /// The table for a piece of `first` (row profile) next to a piece of `second` (column profile).
    func table(_ first: Category, _ second: Category) -> [Double] {
        tables[Category.allCases.firstIndex(of: first)!][Category.allCases.firstIndex(of: second)!]
    }

    /// Profile index: (formality − 1) × 10 + (warmth − 1) × 2 + voluminous.
    static func profile(of item: ClosetItem) -> Int {
        let voluminous = item.isVoluminousTop || item.isVoluminousBottom
        return (item.formalityLevel - 1) * 10 + (item.warmthLevel - 1) * 2 + (voluminous ? 1 : 0)
    }

    /// Cohesion, warmth and proportion points of one pair, by profile.
    static func points(_ first: Category, _ a: Int, _ second: Category, _ b: Int, weights: ScoringWeights) -> Double {
        let share = first.slotWeight * second.slotWeight
        let formalityGap = abs(a / 10 - b / 10)
        let warmthGap = abs((a % 10) / 2 - (b % 10) / 2)
        var points = -weights.cohesion * share * Double(formalityGap)
        points -= weights.warmth * share * Double(max(0, warmthGap - 1))
        let proportion: Double
        switch (first, second) {
        case (.top, .bottom): proportion = b % 2 == 1 ? (a % 2 == 1 ? -1 : 1) : 0
        case (.bottom, .top): proportion = a % 2 == 1 ? (b % 2 == 1 ? -1 : 1) : 0
        default: proportion = 0
        }
        return points + weights.proportion * proportion
    }

    /// One bit per color family.
    static let bits: [ColorFamily: UInt32] = Dictionary(
        uniqueKeysWithValues: ColorFamily.allCases.enumerated().map { ($1, UInt32(1) << UInt32($0)) })

    /// For each family, the bits of the families it clashes with.
    static let clashMasks: [ColorFamily: UInt32] = Dictionary(
        uniqueKeysWithValues: ColorFamily.allCases.map { family in
            (family, ColorFamily.allCases.filter { family.clashes(with: $0) }.reduce(0) { $0 | bits[$1]! })
        })
}
