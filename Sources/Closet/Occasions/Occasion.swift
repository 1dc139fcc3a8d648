/// An occasion the user dresses for: which formality fits and whether a layer is wanted.
public struct Occasion: Sendable, Hashable {
    /// Display name, e.g. "business casual".
    public var name: String
    /// Other words that find this occasion, e.g. "business", "office".
    public var aliases: [String]
    /// Pieces outside this formality range are never suggested.
    public var formality: ClosedRange<Int>
    /// The formality every piece should ideally have; inside `formality`.
    public var targetFormality: Int
    /// The expected weather or room temperature, when the occasion implies one.
    public var warmth: WarmthPreference?
    /// Whether a jacket or coat is wanted.
    public var outerwear: OuterwearPreference

    /// Makes an occasion; `targetFormality` should lie inside `formality`.
    public init(
        name: String, aliases: [String] = [], formality: ClosedRange<Int>, targetFormality: Int,
        warmth: WarmthPreference? = nil, outerwear: OuterwearPreference = .optional
    ) {
        self.name = name
        self.aliases = aliases
        self.formality = formality
        self.targetFormality = targetFormality
        self.warmth = warmth
        self.outerwear = outerwear
    }

    /// The formality range as people write it, e.g. "3–4" or "5".
    public var formalityLabel: String {
        formality.lowerBound == formality.upperBound
            ? "\(formality.lowerBound)" : "\(formality.lowerBound)–\(formality.upperBound)"
    }

    /// How much a jacket or coat is wanted: +1 wanted, 0 neutral, -1 unwanted (sums both preferences).
    public var layerPreference: Int {
        var value = 0
        switch outerwear {
        case .required, .preferred: value += 1
        case .optional: break
        case .avoid: value -= 1
        }
        switch warmth {
        case .cold?: value += 1
        case .warm?: value -= 1
        case .mild?, nil: break
        }
        return value
    }
}

/// The temperature an occasion implies.
public enum WarmthPreference: String, Sendable, Hashable, CaseIterable {
    case cold, mild, warm
}

/// Whether an occasion wants a jacket or coat.
public enum OuterwearPreference: String, Sendable, Hashable, CaseIterable {
    /// Every outfit includes one; without outerwear nothing can be suggested.
    case required
    /// Outfits with a layer score higher.
    case preferred
    /// A layer is added only where it raises the score.
    case optional
    /// Outfits with a layer score lower.
    case avoid
}
