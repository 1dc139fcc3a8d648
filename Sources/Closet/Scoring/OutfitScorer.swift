import Foundation

/// Scores one outfit for one occasion: the canonical definition of every term.
///
/// The search in `OutfitEngine` splits the same formulas into per-piece and per-pair parts;
/// this type is what both the engine's results and the reference enumeration are checked against.
public struct OutfitScorer: Sendable {
    /// The weights of the terms.
    public let weights: ScoringWeights
    /// The occasion whose target formality and layering preference apply.
    public let occasion: Occasion
    /// The moment recency is measured from.
    public let now: Date
    /// Seed of the variety nudge; nil means no nudge.
    public let seed: UInt64?

    /// Makes a scorer.
    public init(weights: ScoringWeights, occasion: Occasion, now: Date, seed: UInt64?) {
        self.weights = weights
        self.occasion = occasion
        self.now = now
        self.seed = seed
    }

    /// Every term of the outfit made of `pieces`, in `ScoreTerm.Name.allCases` order.
    public func breakdown(_ pieces: [ClosetItem]) -> [ScoreTerm] {
        let values = rawValues(pieces)
        return ScoreTerm.Name.allCases.enumerated().map { index, name in
            ScoreTerm(name: name, value: values[index], weight: weights.weight(of: name))
        }
    }

    /// The outfit's score: the sum of its terms' points.
    public func total(_ pieces: [ClosetItem]) -> Double {
        let values = rawValues(pieces)
        var sum = 0.0
        for (index, name) in ScoreTerm.Name.allCases.enumerated() { sum += values[index] * weights.weight(of: name) }
        return sum
    }

    /// Unweighted term values, indexed like `ScoreTerm.Name.allCases`.
    private func rawValues(_ pieces: [ClosetItem]) -> [Double] {
        var formality = 0.0, cohesion = 0.0, warmth = 0.0, proportion = 0.0
        var recency = 0.0, layering = 0.0, variety = 0.0
        var loud = 0
        var accents: [ColorFamily] = []
        for (index, piece) in pieces.enumerated() {
            let share = piece.category.slotWeight
            formality += share * Double(1 - abs(piece.formality - occasion.targetFormality))
            recency -= share * freshness(of: piece)
            variety += share * nudge(for: piece) / 4
            if piece.category == .outerwear { layering += Double(occasion.layerPreference) }
            if piece.pattern.isLoud { loud += 1 }
            if let family = piece.accentFamily, !accents.contains(family) { accents.append(family) }
            for other in pieces[(index + 1)...] {
                let pairShare = share * other.category.slotWeight
                cohesion -= pairShare * Double(abs(piece.formality - other.formality))
                warmth -= pairShare * Double(max(0, abs(piece.warmthLevel - other.warmthLevel) - 1))
                proportion += Self.proportion(piece, other)
            }
        }
        var clashes = 0
        for (index, family) in accents.enumerated() {
            for other in accents[(index + 1)...] where family.clashes(with: other) { clashes += 1 }
        }
        return [
            formality, cohesion, -Double(max(0, loud - 1)), -Double(max(0, accents.count - 1)),
            -Double(clashes), warmth, proportion, recency, layering, variety,
        ]
    }

    /// +1 for a voluminous bottom under a fitted top, -1 for volume on volume, else 0.
    static func proportion(_ first: ClosetItem, _ second: ClosetItem) -> Double {
        let (top, bottom): (ClosetItem, ClosetItem)
        switch (first.category, second.category) {
        case (.top, .bottom): (top, bottom) = (first, second)
        case (.bottom, .top): (top, bottom) = (second, first)
        default: return 0
        }
        guard bottom.isVoluminousBottom else { return 0 }
        return top.isVoluminousTop ? -1 : 1
    }

    /// 1 for a piece worn just now, fading linearly to 0 after `recencyDays`; a multiple of 1/1024.
    public func freshness(of piece: ClosetItem) -> Double {
        guard let worn = piece.lastWornAt else { return 0 }
        let days = max(0, now.timeIntervalSince(worn) / 86_400)
        let fresh = max(0, 1 - days / weights.recencyDays)
        return (fresh * 1024).rounded(.down) / 1024
    }

    /// The seeded per-piece nudge in 0..<1 (a multiple of 1/1024); 0 without a seed.
    public func nudge(for piece: ClosetItem) -> Double {
        guard let seed else { return 0 }
        let mixed = SplitMix64.mix(seed &+ SplitMix64.mix(UInt64(bitPattern: piece.id)))
        return Double(mixed >> 54) / 1024
    }
}
