import Foundation

/// Builds and ranks outfits from the pieces a user owns; never invents a piece.
///
/// Pure: it takes the closet, the occasion, the time and a seed, and returns values.
public struct OutfitEngine: Sendable {
    /// The weights every outfit is scored with.
    public let weights: ScoringWeights
    /// Pair points by category pair and profile pair, computed once per weights.
    let pairTables: PairTables

    /// Makes an engine with the given weights.
    public init(weights: ScoringWeights = ScoringWeights()) {
        self.weights = weights
        self.pairTables = PairTables(weights: weights)
    }

    /// The best `count` outfits for `occasion`, or what is missing to make one.
    ///
    /// - Parameters:
    ///   - closet: the user's pieces, with unique ids; items in the laundry or outside the occasion's
    ///     formality range are skipped.
    ///   - now: the moment recency is measured from.
    ///   - seed: varies the ranking a little (see `ScoringWeights.variety`); nil ranks purely by the rules.
    ///   - exclude: keys of outfits already shown in this chat for this occasion; they are skipped until
    ///     none are left, then the list starts again from the best and `startedOver` is true.
    /// - Returns: outfits best first, exactly the top `count` of all outfits by score, then key.
    public func topOutfits(
        closet: [ClosetItem], occasion: Occasion, count: Int = 5, now: Date, seed: UInt64? = nil,
        exclude: Set<OutfitKey> = []
    ) -> OutfitSuggestion {
        let scorer = OutfitScorer(weights: weights, occasion: occasion, now: now, seed: seed)
        let plan = OutfitPlan(closet: closet, occasion: occasion)
        if let missing = plan.missing { return .missing(missing) }
        guard count > 0 else { return .outfits([], startedOver: false) }
        var found = search(plan: plan, closet: closet, scorer: scorer, count: count, exclude: exclude)
        var startedOver = false
        if found.isEmpty, !exclude.isEmpty {
            found = search(plan: plan, closet: closet, scorer: scorer, count: count, exclude: [])
            startedOver = true
        }
        let accessories = AccessoryPicker(occasion: occasion)
        let candidates = accessories.candidates(from: closet)
        let outfits = found.map { entry in
            let pieces = entry.indices.map { closet[$0] }
            let breakdown = scorer.breakdown(pieces)
            assert(breakdown.reduce(0) { $0 + $1.points } == entry.score, "search and scorer disagree")
            return Outfit(pieces: pieces, score: entry.score, breakdown: breakdown, accessories: accessories.pick(for: pieces, among: candidates))
        }
        return .outfits(outfits, startedOver: startedOver)
    }

    /// Runs the search over both outfit shapes, sharing one top list.
    func search(
        plan: OutfitPlan, closet: [ClosetItem], scorer: OutfitScorer, count: Int, exclude: Set<OutfitKey>
    ) -> [OutfitSearch.Found] {
        var found: [OutfitSearch.Found] = []
        for shape in plan.shapes {
            let slots = shape.categories.enumerated().map { position, category in
                makeSlot(category, optional: position == shape.categories.count - 1 && shape.optionalLayer,
                         indices: plan.pieces[category] ?? [], closet: closet, scorer: scorer)
            }
            let pairs = shape.categories.map { first in shape.categories.map { pairTables.table(first, $0) } }
            let search = OutfitSearch(
                slots: slots, pairs: pairs, count: count, exclude: exclude, weights: weights, found: found)
            search.run()
            found = search.found
        }
        return found
    }

    /// Groups a category's pieces by profile, each group best first.
    func makeSlot(
        _ category: Category, optional: Bool, indices: [Int], closet: [ClosetItem], scorer: OutfitScorer
    ) -> OutfitSearch.Slot {
        var groups: [[OutfitSearch.Candidate]] = Array(repeating: [], count: OutfitSearch.profileCount)
        for index in indices {
            let item = closet[index]
            let accent = item.accentFamily
            let candidate = OutfitSearch.Candidate(
                index: index, id: item.id, unary: unaryPoints(item, scorer: scorer), loud: item.pattern.isLoud ? 1 : 0,
                accent: accent.map { PairTables.bits[$0]! } ?? 0,
                clashMask: accent.map { PairTables.clashMasks[$0]! } ?? 0)
            groups[PairTables.profile(of: item)].append(candidate)
        }
        var slot = OutfitSearch.Slot(optional: optional, profiles: [], members: [], bestUnary: [])
        for (profile, var members) in groups.enumerated() where !members.isEmpty {
            members.sort { $0.unary != $1.unary ? $0.unary > $1.unary : $0.id < $1.id }
            slot.profiles.append(profile)
            slot.bestUnary.append(members[0].unary)
            slot.members.append(members)
        }
        return slot
    }

    /// The per-piece points: formality, recency, variety, the weather's part of warmth and (for a layer) layering.
    func unaryPoints(_ item: ClosetItem, scorer: OutfitScorer) -> Double {
        let share = item.category.slotWeight
        var points = weights.formality * share * Double(1 - abs(item.formality - scorer.occasion.targetFormality))
        points -= weights.recency * share * scorer.freshness(of: item)
        points += weights.variety * share * scorer.nudge(for: item) / 4
        points -= weights.warmth * share * Double(scorer.seasonGap(of: item))
        if item.category == .outerwear { points += weights.layering * Double(scorer.occasion.layerPreference) }
        return points
    }
}
