import Foundation

/// One piece in a user's closet.
public struct ClosetItem: Sendable, Hashable, Identifiable {
    /// Database row id; unique across users.
    public var id: Int64
    /// The number the owner sees (`/item 3`); unique per user.
    public var number: Int
    public var name: String
    public var category: Category
    /// Finer kind, e.g. trouser, jeans, shirt, blazer, sneaker, loafer.
    public var subcategory: String?
    /// 1 casual, 2 smart casual, 3 business casual, 4 business formal, 5 black tie.
    public var formality: Int
    /// 1 (very light) … 5 (very warm).
    public var warmth: Int
    public var fit: Fit
    /// Only bottoms carry a leg shape.
    public var legShape: LegShape?
    public var color: ItemColor
    public var pattern: Pattern
    public var brand: String?
    public var size: String?
    public var material: String?
    /// SHA-256 of the photo in the owner's media folder.
    public var photo: String?
    public var sourceURL: String?
    /// What the piece cost, checked when it entered (finite, 0…10 million, ISO currency code).
    public var price: Price?
    public var addedAt: Date
    public var lastWornAt: Date?
    public var wearCount: Int
    /// False while the piece is in the laundry.
    public var isAvailable: Bool

    public init(
        id: Int64 = 0, number: Int = 0, name: String, category: Category, subcategory: String? = nil,
        formality: Int, warmth: Int = 3, fit: Fit = .regular, legShape: LegShape? = nil,
        color: ItemColor, pattern: Pattern = .solid, brand: String? = nil, size: String? = nil,
        material: String? = nil, photo: String? = nil, sourceURL: String? = nil, price: Price? = nil,
        addedAt: Date = Date(timeIntervalSince1970: 0), lastWornAt: Date? = nil,
        wearCount: Int = 0, isAvailable: Bool = true
    ) {
        self.id = id
        self.number = number
        self.name = name
        self.category = category
        self.subcategory = subcategory
        self.formality = formality
        self.warmth = warmth
        self.fit = fit
        self.legShape = legShape
        self.color = color
        self.pattern = pattern
        self.brand = brand
        self.size = size
        self.material = material
        self.photo = photo
        self.sourceURL = sourceURL
        self.price = price
        self.addedAt = addedAt
        self.lastWornAt = lastWornAt
        self.wearCount = wearCount
        self.isAvailable = isAvailable
    }

    /// The price's currency code, when the piece has a price with one.
    public var currency: String? { price?.currency }
}
