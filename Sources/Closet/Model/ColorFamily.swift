/// A color family: neutrals go with everything; accents sit on the hue wheel.
public enum ColorFamily: String, CaseIterable, Sendable, Codable, Hashable {
    // Neutrals.
    case black, white, grey, navy, beige, camel, brown, olive, denim
    // Accents.
    case red, orange, yellow, green, teal, blue, purple, pink, metallic, multi

    /// Neutrals pair with anything and never count as an accent.
    public var isNeutral: Bool {
        switch self {
        case .black, .white, .grey, .navy, .beige, .camel, .brown, .olive, .denim: return true
        default: return false
        }
    }

    /// Position on the hue wheel in degrees, for accents that have one.
    public var hue: Double? {
        switch self {
        case .red: return 0
        case .orange: return 30
        case .yellow: return 55
        case .green: return 125
        case .teal: return 180
        case .blue: return 220
        case .purple: return 280
        case .pink: return 330
        default: return nil
        }
    }
}

/// A normalized named color (e.g. "off-white", "burgundy") and its family.
public struct ItemColor: Sendable, Codable, Hashable {
    /// The normalized color name shown to the user.
    public var name: String
    /// The family used by the outfit rules.
    public var family: ColorFamily

    public init(name: String, family: ColorFamily) {
        self.name = name
        self.family = family
    }

    /// Whether the color is a neutral (black, white, grey, navy, beige, camel, brown, olive, denim).
    public var isNeutral: Bool { family.isNeutral }
}
