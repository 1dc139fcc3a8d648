/// The weight of every named score term; an outfit's score is the weighted sum of its terms.
///
/// Every weight is rounded to a multiple of 1/1024 and clamped to 0…100. Together with term
/// values that are themselves multiples of small powers of two, this keeps every score exact in
/// floating point, so sums agree bit for bit in any order and ties are real ties.
public struct ScoringWeights: Sendable, Hashable {
    /// Each piece's closeness to the occasion's target formality.
    public var formality: Double { didSet { formality = Self.exact(formality) } }
    /// The pieces' closeness in formality to each other.
    public var cohesion: Double { didSet { cohesion = Self.exact(cohesion) } }
    /// Penalty per loud pattern beyond the first.
    public var patterns: Double { didSet { patterns = Self.exact(patterns) } }
    /// Penalty per accent color family beyond the first.
    public var accents: Double { didSet { accents = Self.exact(accents) } }
    /// Penalty per pair of accent hues that clash on the hue wheel.
    public var hueClash: Double { didSet { hueClash = Self.exact(hueClash) } }
    /// Penalty for pieces of very different warmth worn together.
    public var warmth: Double { didSet { warmth = Self.exact(warmth) } }
    /// Bonus for balancing a voluminous bottom with a fitted top.
    public var proportion: Double { didSet { proportion = Self.exact(proportion) } }
    /// Penalty for pieces worn in the last `recencyDays`.
    public var recency: Double { didSet { recency = Self.exact(recency) } }
    /// Bonus or penalty for a jacket or coat, following the occasion's preferences.
    public var layering: Double { didSet { layering = Self.exact(layering) } }
    /// Size of the seeded random nudge that varies suggestions; 0 turns it off.
    public var variety: Double { didSet { variety = Self.exact(variety) } }
    /// Days over which the recency penalty fades to nothing.
    public var recencyDays: Double { didSet { recencyDays = Self.days(recencyDays) } }

    /// Makes weights; the defaults are the shipped tuning documented in docs/outfits.md.
    public init(
        formality: Double = 2, cohesion: Double = 1, patterns: Double = 2, accents: Double = 1.5,
        hueClash: Double = 1, warmth: Double = 1, proportion: Double = 0.5, recency: Double = 1.5,
        layering: Double = 1, variety: Double = 0.75, recencyDays: Double = 7
    ) {
        self.formality = Self.exact(formality)
        self.cohesion = Self.exact(cohesion)
        self.patterns = Self.exact(patterns)
        self.accents = Self.exact(accents)
        self.hueClash = Self.exact(hueClash)
        self.warmth = Self.exact(warmth)
        self.proportion = Self.exact(proportion)
        self.recency = Self.exact(recency)
        self.layering = Self.exact(layering)
        self.variety = Self.exact(variety)
        self.recencyDays = Self.days(recencyDays)
    }

    /// The weight of one named term.
    public func weight(of name: ScoreTerm.Name) -> Double {
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

    /// Sets the weight of one named term (rounded and clamped like every weight).
    public mutating func setWeight(_ value: Double, of name: ScoreTerm.Name) {
        switch name {
        case .formality: formality = value
        case .cohesion: cohesion = value
        case .patterns: patterns = value
        case .accents: accents = value
        case .hueClash: hueClash = value
        case .warmth: warmth = value
        case .proportion: proportion = value
        case .recency: recency = value
        case .layering: layering = value
        case .variety: variety = value
        }
    }

    /// Largest weight accepted; keeps every score well inside exact floating-point range.
    public static let maximum: Double = 100

    /// Rounds to a multiple of 1/1024 inside 0…maximum; NaN becomes 0.
    static func exact(_ value: Double) -> Double {
        guard value.isFinite else { return value == .infinity ? maximum : 0 }
        return (min(max(value, 0), maximum) * 1024).rounded() / 1024
    }

    private static func days(_ value: Double) -> Double {
        value.isFinite && value >= 1 / 24 ? min(value, 3650) : 7
    }
}
