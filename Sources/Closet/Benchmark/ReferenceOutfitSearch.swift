import Foundation

/// The brute-force reference: scores every possible outfit with `OutfitScorer` and sorts.
///
/// It exists as the baseline the benchmark measures `OutfitEngine` against and must return the
/// same outfits in the same order. It is far too slow for large closets; the bot never uses it.
public struct ReferenceOutfitSearch: Sendable {
    /// The weights every outfit is scored with.
    public let weights: ScoringWeights

    /// Makes a reference search with the given weights.
    public init(weights: ScoringWeights = ScoringWeights()) {
        self.weights = weights
    }

    /// Same contract as `OutfitEngine.topOutfits`, by enumerating every combination.
    public func topOutfits(
        closet: [ClosetItem], occasion: Occasion, count: Int = 5, now: Date, seed: UInt64? = nil,
        exclude: Set<OutfitKey> = []
    ) -> OutfitSuggestion {
        let plan = OutfitPlan(closet: closet, occasion: occasion)
        if let missing = plan.missing { return .missing(missing) }
        let scorer = OutfitScorer(weights: weights, occasion: occasion, now: now, seed: seed)
        var best = ranked(plan: plan, closet: closet, scorer: scorer, count: count, exclude: exclude)
        var startedOver = false
        if best.isEmpty, !exclude.isEmpty, count > 0 {
            best = ranked(plan: plan, closet: closet, scorer: scorer, count: count, exclude: [])
            startedOver = true
        }
        return .outfits(best, startedOver: startedOver)
    }

    /// How many outfits the reference would score for this closet and occasion.
    public func combinationCount(closet: [ClosetItem], occasion: Occasion) -> Double {
        let plan = OutfitPlan(closet: closet, occasion: occasion)
        return plan.shapes.reduce(0) { total, shape in
            total + shape.categories.enumerated().reduce(1.0) { product, entry in
                let isLayer = entry.offset == shape.categories.count - 1 && shape.optionalLayer
                return product * Double((plan.pieces[entry.element]?.count ?? 0) + (isLayer ? 1 : 0))
            }
        }
    }

    private func ranked(
        plan: OutfitPlan, closet: [ClosetItem], scorer: OutfitScorer, count: Int, exclude: Set<OutfitKey>
    ) -> [Outfit] {
        var best: [(score: Double, key: OutfitKey, pieces: [ClosetItem])] = []
        for shape in plan.shapes {
            let choices = shape.categories.enumerated().map { position, category -> [ClosetItem?] in
                let items: [ClosetItem?] = (plan.pieces[category] ?? []).map { closet[$0] }
                return position == shape.categories.count - 1 && shape.optionalLayer ? [nil] + items : items
            }
            var chosen: [ClosetItem] = []
            enumerate(choices, chosen: &chosen) { pieces in
                let score = scorer.total(pieces)
                if best.count >= count, let last = best.last, score < last.score { return }
                let key = OutfitKey(ids: pieces.map(\.id))
                if exclude.contains(key) { return }
                best.append((score, key, pieces))
                best.sort { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
                if best.count > count { best.removeLast() }
            }
        }
        // Accessories are a step after the search, the same for both.
        let accessories = AccessoryPicker(occasion: scorer.occasion)
        let candidates = accessories.candidates(from: closet)
        return best.map {
            Outfit(pieces: $0.pieces, score: $0.score, breakdown: scorer.breakdown($0.pieces), accessories: accessories.pick(for: $0.pieces, among: candidates))
        }
    }

    private func enumerate(
        _ choices: [[ClosetItem?]], level: Int = 0, chosen: inout [ClosetItem], visit: ([ClosetItem]) -> Void
    ) {
        guard level < choices.count else { return visit(chosen) }
        for option in choices[level] {
            if let option { chosen.append(option) }
            enumerate(choices, level: level + 1, chosen: &chosen, visit: visit)
            if option != nil { chosen.removeLast() }
        }
    }
}
