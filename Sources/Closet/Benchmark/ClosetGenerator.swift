import Foundation

/// Makes random but realistic closets from a seed, for the benchmark and for tests.
public struct ClosetGenerator: Sendable {
    /// Share of each category in a generated closet (sums to 1).
    public var mix: [(Category, Double)] = [
        (.top, 0.30), (.bottom, 0.20), (.shoes, 0.12), (.dress, 0.08), (.outerwear, 0.10), (.accessory, 0.20),
    ]
    /// The moment "recently worn" is measured against.
    public var now: Date

    /// Makes a generator for closets as they look at `now`.
    public init(now: Date) {
        self.now = now
    }

    /// A closet of `size` pieces with ids and numbers 1…size, fixed by `seed`.
    public func closet(size: Int, seed: UInt64) -> [ClosetItem] {
        var random = SplitMix64(seed: seed)
        var categories: [Category] = []
        for (category, share) in mix { categories += Array(repeating: category, count: Int((Double(size) * share).rounded())) }
        while categories.count < size { categories.append(.top) }
        categories = Array(categories.prefix(size))
        return categories.enumerated().map { index, category in
            piece(category, number: index + 1, random: &random)
        }
    }

    private func piece(_ category: Category, number: Int, random: inout SplitMix64) -> ClosetItem {
        let formality = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5].randomElement(using: &random)!
        let warmth: Int
        switch category {
        case .outerwear: warmth = Int.random(in: 3...5, using: &random)
        case .shoes: warmth = Int.random(in: 2...4, using: &random)
        default: warmth = Int.random(in: 1...4, using: &random)
        }
        let neutral = Double.random(in: 0..<1, using: &random) < 0.65
        let family = neutral
            ? ColorFamily.allCases.filter(\.isNeutral).randomElement(using: &random)!
            : ColorFamily.allCases.filter { !$0.isNeutral }.randomElement(using: &random)!
        let pattern = Double.random(in: 0..<1, using: &random) < 0.75
            ? [Pattern.solid, .solid, .texture].randomElement(using: &random)!
            : Pattern.allCases.filter(\.isLoud).randomElement(using: &random)!
        let wornDaysAgo = Double.random(in: 0..<1, using: &random) < 0.4 ? Double.random(in: 0..<14, using: &random) : nil
        return ClosetItem(
            id: Int64(number), number: number, name: "\(family.rawValue) \(category.rawValue) \(number)",
            category: category, formality: formality, warmth: warmth,
            fit: Fit.allCases.randomElement(using: &random)!,
            legShape: category == .bottom ? LegShape.allCases.randomElement(using: &random)! : nil,
            color: ItemColor(name: family.rawValue, family: family), pattern: pattern,
            lastWornAt: wornDaysAgo.map { now.addingTimeInterval(-$0 * 86_400) },
            wearCount: Int.random(in: 0...30, using: &random),
            isAvailable: Double.random(in: 0..<1, using: &random) < 0.9)
    }
}
