/// A complete outfit from the user's own pieces, with its score and how it was reached.
public struct Outfit: Sendable, Hashable {
    /// The pieces in slot order: top, bottom, shoes[, outerwear] or dress, shoes[, outerwear].
    public var pieces: [ClosetItem]
    /// The sum of the breakdown's points; higher is better.
    public var score: Double
    /// Every scoring term, in `ScoreTerm.Name.allCases` order.
    public var breakdown: [ScoreTerm]
    /// The stable identity of the outfit (its main pieces; accessories don't make a new outfit).
    public var key: OutfitKey
    /// Optional finishing pieces (belt, bag, scarf, hat, jewellery) chosen by `AccessoryPicker`;
    /// they are not part of the score or the key.
    public var accessories: [ClosetItem]

    /// Makes an outfit; `key` follows from the pieces.
    public init(pieces: [ClosetItem], score: Double, breakdown: [ScoreTerm], accessories: [ClosetItem] = []) {
        self.pieces = pieces
        self.score = score
        self.breakdown = breakdown
        self.key = OutfitKey(ids: pieces.map(\.id))
        self.accessories = accessories
    }

    /// The main pieces, then the accessories.
    public var allPieces: [ClosetItem] { pieces + accessories }

    /// The jacket or coat, if the outfit has one.
    public var outerwear: ClosetItem? { pieces.first { $0.category == .outerwear } }

    /// The term named `name` from the breakdown.
    public func term(_ name: ScoreTerm.Name) -> ScoreTerm? { breakdown.first { $0.name == name } }

    /// The ranking order: higher score first, then the smaller key.
    public static func ranksBefore(_ left: Outfit, _ right: Outfit) -> Bool {
        left.score != right.score ? left.score > right.score : left.key < right.key
    }
}
