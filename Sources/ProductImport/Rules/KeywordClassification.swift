import Closet

/// What the keyword rules concluded about a piece; nil where the words said nothing.
public struct KeywordClassification: Sendable, Hashable {
    /// Where the piece fits in an outfit.
    public var category: Category?
    /// What the piece is when it is not clothing at all, e.g. "toaster" or "book"; nil for clothing.
    public var goods: String?
    /// Finer kind, e.g. "trouser", "blazer".
    public var subcategory: String?
    /// How loosely it sits on the body.
    public var fit: Fit?
    /// Set only for bottoms.
    public var legShape: LegShape?
    /// 1 casual … 5 black tie.
    public var formality: Int?
    /// 1 very light … 5 very warm.
    public var warmth: Int?
    /// Surface pattern.
    public var pattern: Pattern?
    /// The main fibre, e.g. "wool".
    public var material: String?
    /// Normalized colors; the shop's colorways when given, else colors named in the name.
    public var colors: [ItemColor] = []
    /// True when `colors` came from the shop's color names rather than the product name.
    public var colorsFromColorNames = false

    /// An empty classification.
    public init() {}
}
