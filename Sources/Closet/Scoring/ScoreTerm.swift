/// One named part of an outfit's score: its raw value, its weight and the points it adds.
public struct ScoreTerm: Sendable, Hashable {
    /// The rule this term measures.
    public var name: Name
    /// The unweighted measurement, e.g. -1 for one loud pattern too many.
    public var value: Double
    /// The configured weight of the rule.
    public var weight: Double

    /// Makes a term.
    public init(name: Name, value: Double, weight: Double) {
        self.name = name
        self.value = value
        self.weight = weight
    }

    /// What the term adds to the outfit's score: `value × weight`.
    public var points: Double { value * weight }

    /// The rules an outfit is scored by; `rawValue` is the key in the weights JSON.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case formality, cohesion, patterns, accents
        case hueClash = "hue_clash"
        case warmth, proportion, recency, layering, variety

        /// A few plain words for the rule.
        public var label: String {
            switch self {
            case .formality: return "formality fits the occasion"
            case .cohesion: return "pieces agree in formality"
            case .patterns: return "loud patterns"
            case .accents: return "accent colors"
            case .hueClash: return "clashing hues"
            case .warmth: return "mixed warmth"
            case .proportion: return "proportion"
            case .recency: return "recently worn"
            case .layering: return "jacket or coat"
            case .variety: return "variety"
            }
        }
    }
}
