import Closet
import Foundation

/// What the bot read from a product page (or a typed description): a closet item in the making,
/// shown to the user for confirmation before it is saved.
public struct ProductDraft: Sendable, Hashable {
    /// The product name as the shop writes it.
    public var name: String
    /// The brand or maker.
    public var brand: String?
    /// Where the piece fits in an outfit.
    public var category: Category?
    /// What the page sells when it is not clothing (e.g. "toaster", "book"); nil for clothing.
    public var goods: String?
    /// Finer kind, e.g. trouser, jeans, blazer, sneaker.
    public var subcategory: String?
    /// How loosely it sits on the body.
    public var fit: Fit?
    /// Only bottoms carry a leg shape.
    public var legShape: LegShape?
    /// 1 casual … 5 black tie.
    public var formality: Int?
    /// 1 very light … 5 very warm.
    public var warmth: Int?
    /// Every colorway, normalized; the first is the best guess for this piece.
    public var colors: [ItemColor]
    /// Surface pattern.
    public var pattern: Pattern?
    /// The material as stated (e.g. "100% wool"), or the main fibre found in the text.
    public var material: String?
    /// The selling price in `currency`.
    public var price: Double?
    /// ISO 4217 code, e.g. "EUR".
    public var currency: String?
    /// The shop's article number.
    public var sku: String?
    /// Whether the shop can sell it now.
    public var availability: Availability?
    /// Absolute image URLs, largest product image first.
    public var images: [URL]
    /// The shop's description as plain text.
    public var description: String?
    /// Offered sizes in shop order, e.g. ["XS", "S", "M"].
    public var sizes: [String]
    /// Which extractor gave each field.
    public var sources: [DraftField: ExtractionSource]
    /// The page the draft was read from; nil for a draft typed by hand.
    public var pageURL: URL?

    /// A draft with only a name; every other field empty.
    public init(name: String, pageURL: URL? = nil) {
        self.name = name
        self.colors = []
        self.images = []
        self.sizes = []
        self.sources = [:]
        self.pageURL = pageURL
    }
}
