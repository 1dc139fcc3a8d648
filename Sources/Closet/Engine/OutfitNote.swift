/// One reason in an outfit's explanation, as data: the bot words it in the reader's language, `Outfit.explanation`
/// in English.
public enum OutfitNote: Sendable, Hashable {
    /// The pieces' colour names, in order, and what their accent families do together.
    case colors(names: [String], ColorNote)
    /// Every piece's formality (in piece order) is the occasion's target.
    case formalityMatches(levels: [Int], occasion: String)
    /// Some piece's formality is off the occasion's target.
    case formalityNear(levels: [Int], occasion: String, target: Int)
    /// One loud pattern, which the outfit carries alone.
    case onePattern(Pattern)
    /// Two or more loud patterns.
    case patternsCompete([Pattern])
    /// A fitted top over a full leg.
    case balancedProportion
    /// Volume on top of volume.
    case volumeOnVolume
    /// Pieces of different warmth.
    case mixedWarmth
    /// The outerwear piece, by name.
    case layered(with: String)
    /// Some pieces were worn recently.
    case wornRecently
    /// The accessories, by name, which suit the outfit.
    case finishedWith([String])

    /// What the accent colours of an outfit do.
    public enum ColorNote: Sendable, Hashable {
        /// No accent: neutrals only.
        case neutrals
        /// One accent family on neutrals.
        case oneAccent(ColorFamily)
        /// Several accent families that sit well together on the hue wheel.
        case harmonize([ColorFamily])
        /// Pairs of accent families that clash.
        case clash([ColorPair])
    }

    /// Two colour families, e.g. a clashing pair.
    public struct ColorPair: Sendable, Hashable {
        /// The first family.
        public var first: ColorFamily
        /// The second family.
        public var second: ColorFamily

        /// A pair.
        public init(_ first: ColorFamily, _ second: ColorFamily) {
            self.first = first
            self.second = second
        }
    }
}
