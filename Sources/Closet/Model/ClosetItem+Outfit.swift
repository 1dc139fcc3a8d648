/// How the outfit rules read an item's attributes.
extension ClosetItem {
    /// Warmth clamped to 1…5, so bad data cannot break the scores.
    public var warmthLevel: Int { min(max(warmth, 1), 5) }

    /// Formality clamped to 1…5.
    public var formalityLevel: Int { min(max(formality, 1), 5) }

    /// A top that adds volume (relaxed or oversized).
    public var isVoluminousTop: Bool { category == .top && fit.volume >= 2 }

    /// A bottom with a wide leg or a relaxed or oversized cut.
    public var isVoluminousBottom: Bool {
        category == .bottom && (legShape == .wide || fit.volume >= 2)
    }

    /// The accent family of the item's color, or nil for a neutral.
    public var accentFamily: ColorFamily? { color.isNeutral ? nil : color.family }
}

extension Category {
    /// How much a piece of this category counts in the outfit scores.
    ///
    /// A dress stands in for a top and a bottom, so it counts twice; a layer is a finishing
    /// touch, so it counts half. Accessories are not part of the scored outfit (`AccessoryPicker`
    /// adds them afterwards).
    public var slotWeight: Double {
        switch self {
        case .top, .bottom, .shoes: return 1
        case .dress: return 2
        case .outerwear: return 0.5
        case .accessory: return 0
        }
    }
}

extension ColorFamily {
    /// True when two different accent hues fight on the hue wheel.
    ///
    /// Hues up to 60° apart are analogous and hues 150° or more apart are (split) complementary;
    /// both sit well together. Everything in between clashes. Families without a hue never clash.
    public func clashes(with other: ColorFamily) -> Bool {
        guard self != other, let first = hue, let second = other.hue else { return false }
        let gap = abs(first - second).truncatingRemainder(dividingBy: 360)
        let distance = min(gap, 360 - gap)
        return distance > 60 && distance < 150
    }

}
