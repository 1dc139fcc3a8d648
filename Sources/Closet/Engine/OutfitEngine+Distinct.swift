import Foundation

extension OutfitEngine {
    /// The best `count` outfits that each differ from every better one in at least
    /// `minimumDifference` pieces, so options never differ by one blazer; fewer when the closet
    /// has no more such outfits (the caller says so).
    ///
    /// Searches the exact top list of `pool` outfits and keeps them greedily in rank order.
    public func distinctOutfits(
        closet: [ClosetItem], occasion: Occasion, count: Int, now: Date, seed: UInt64? = nil, exclude: Set<OutfitKey> = [],
        minimumDifference: Int = 2
    ) -> OutfitSuggestion {
        guard count > 1 else { return topOutfits(closet: closet, occasion: occasion, count: count, now: now, seed: seed, exclude: exclude) }
        let pool = min(count * 12, 60)
        let suggestion = topOutfits(closet: closet, occasion: occasion, count: pool, now: now, seed: seed, exclude: exclude)
        guard case .outfits(let all, let startedOver) = suggestion else { return suggestion }
        var chosen: [Outfit] = []
        for outfit in all where chosen.count < count {
            if chosen.allSatisfy({ Self.difference($0, outfit) >= minimumDifference }) { chosen.append(outfit) }
        }
        return .outfits(chosen, startedOver: startedOver)
    }

    /// How many main pieces one outfit has that the other lacks (the larger of the two ways).
    public static func difference(_ first: Outfit, _ second: Outfit) -> Int {
        let left = Set(first.pieces.map(\.id)), right = Set(second.pieces.map(\.id))
        return max(left.subtracting(right).count, right.subtracting(left).count)
    }
}
