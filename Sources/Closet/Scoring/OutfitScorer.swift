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
        return ScoreTerm.Name.allCases.map { name in
            ScoreTerm(name: name, value: values.value(of: name), weight: weights.weight(of: name))
        }
    }

    /// The outfit's score: the sum of its terms' points.
    public func total(_ pieces: [ClosetItem]) -> Double {
        let values = rawValues(pieces)
        var sum = 0.0
        for name in ScoreTerm.Name.allCases { sum += values.value(of: name) * weights.weight(of: name) }
        return sum
    }

    /// Unweighted term values of one outfit.
    private struct Values {
        var formality = 0.0, cohesion = 0.0, patterns = 0.0, accents = 0.0, hueClash = 0.0
        var warmth = 0.0, proportion = 0.0, recency = 0.0, layering = 0.0, variety = 0.0

        func value(of name: ScoreTerm.Name) -> Double {
            switch name {
            case .formality: return formality
            case .cohesion: return cohesion
            case .patterns: return patterns
            case .accents: return accents
            case .hueClash: return hueClash
            case .warmth: return warmth
            case .proportion: return proportion
            case .recency: return recency
            case .layering: return layering
            case .variety: return variety
            }
        }
    }

    /// Computes every term without allocating, so brute force over millions of outfits stays usable.
    private func rawValues(_ pieces: [ClosetItem]) -> Values {
        var values = Values()
        var loud = 0
        var accents: UInt32 = 0
        var clashes = 0
        for index in pieces.indices {
            let piece = pieces[index]
            let share = piece.category.slotWeight
            values.formality += share * Double(1 - abs(piece.formality - occasion.targetFormality))
            values.warmth -= share * Double(seasonGap(of: piece))
            values.recency -= share * freshness(of: piece)
            values.variety += share * nudge(for: piece) / 4
            if piece.category == .outerwear { values.layering += Double(occasion.layerPreference) }
            if piece.pattern.isLoud { loud += 1 }
            if let family = piece.accentFamily {
                let bit = UInt32(1) << UInt32(ColorFamily.allCases.firstIndex(of: family)!)
                if accents & bit == 0 {
                    for (position, other) in ColorFamily.allCases.enumerated()
                    where accents & (UInt32(1) << UInt32(position)) != 0 && family.clashes(with: other) {
                        clashes += 1
                    }
                    accents |= bit
                }
            }
            for otherIndex in pieces.indices where otherIndex > index {
                let other = pieces[otherIndex]
                let pairShare = share * other.category.slotWeight
                values.cohesion -= pairShare * Double(abs(piece.formality - other.formality))
                values.warmth -= pairShare * Double(max(0, abs(piece.warmthLevel - other.warmthLevel) - 1))
                values.proportion += Self.proportion(piece, other)
            }
        }
        values.patterns = -Double(max(0, loud - 1))
        values.accents = -Double(max(0, accents.nonzeroBitCount - 1))
        values.hueClash = -Double(clashes)
        return values
    }

    /// How far a piece's warmth is from what the occasion's weather asks: a cold occasion wants 3 or
    /// more (a summer dress on a winter walk is 2 short), a warm one 3 or less; accessories and
    /// mild or unset weather ask nothing. Part of the warmth term, so "Why?" names it as mixed warmth.
    public func seasonGap(of piece: ClosetItem) -> Int {
        guard piece.category != .accessory else { return 0 }
        switch occasion.warmth {
        case .cold?: return max(0, 3 - piece.warmthLevel)
        case .warm?: return max(0, piece.warmthLevel - 3)
        case .mild?, nil: return 0
        }
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
