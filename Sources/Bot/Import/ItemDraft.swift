import Closet
import Foundation
import JSON
import ProductImport

/// A piece waiting for the user's confirmation: the item as it would be saved, plus the
/// choices the page offered (colorways, sizes). Kept in the user's chat state, so it survives restarts.
struct ItemDraft: Sendable, Hashable {
    /// Changes whenever a new draft replaces the old one, so buttons of an old draft expire.
    var id: String
    var item: ClosetItem
    /// False until the category is known (typed text may not say).
    var hasCategory: Bool
    /// False until a color is known (typed text or a page may not name one): nothing is saved as black by default.
    var hasColor: Bool
    var colors: [ItemColor]
    var sizes: [String]
    /// Where each field came from, e.g. "category": "json-ld".
    var sources: [String: String]

    /// The state key holding the draft.
    static let stateKey = "draft"

    /// A draft from extracted product data, with sensible defaults for what the page didn't say.
    init(product: ProductDraft, photo: String?, now: Date) {
        id = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let category = product.category ?? .top
        hasCategory = product.category != nil
        hasColor = !product.colors.isEmpty
        colors = product.colors
        sizes = product.sizes
        sources = Dictionary(product.sources.map { ($0.key.rawValue, $0.value.rawValue) }, uniquingKeysWith: { first, _ in first })
        item = ClosetItem(
            name: product.name, category: category, subcategory: product.subcategory,
            formality: Self.level(product.formality) ?? ItemDraft.defaultFormality(category), warmth: Self.level(product.warmth) ?? 3,
            fit: product.fit ?? .regular, legShape: category == .bottom ? product.legShape : nil,
            color: product.colors.first ?? ItemColor(name: "black", family: .black), pattern: product.pattern ?? .solid,
            brand: product.brand, material: product.material, photo: photo, sourceURL: product.pageURL?.absoluteString,
            price: Self.price(product), addedAt: now
        ).truncatedToLimits()
        sizes = sizes.filter { (try? ItemField.size.check($0)) != nil }
        colors = colors.map { ItemColor(name: ItemField.colorName.truncate($0.name), family: $0.family) }
    }

    /// The page's price when `Price` accepts it; a wrong currency keeps the amount, a wrong amount drops both.
    static func price(_ product: ProductDraft) -> Price? {
        guard let amount = product.price else { return nil }
        return (try? Price(amount: amount, currency: product.currency)) ?? (try? Price(amount: amount))
    }

    /// A 1…5 level from the page's guess, clamped: the page is not the user, so nothing is refused.
    static func level(_ value: Int?) -> Int? { value.map { min(max($0, 1), 5) } }

    /// A middle formality per category when nothing says otherwise.
    static func defaultFormality(_ category: Category) -> Int {
        switch category {
        case .top, .bottom, .dress, .shoes: return 2
        case .outerwear: return 3
        case .accessory: return 2
        }
    }

    var json: JSON {
        [
            "id": .string(id), "item": item.json, "has_category": .bool(hasCategory), "has_color": .bool(hasColor),
            "colors": .array(colors.map { ["name": .string($0.name), "family": .string($0.family.rawValue)] }),
            "sizes": .array(sizes.map(JSON.string)), "sources": .object(sources.mapValues(JSON.string)),
        ]
    }

    init?(json: JSON) {
        guard let id = json["id"]?.string, let itemJSON = json["item"],
            let item = try? ClosetCodec.importItems(jsonText: JSON.array([itemJSON]).serialized(), importedAt: Date()).first
        else { return nil }
        self.id = id
        self.item = item
        hasCategory = json["has_category"]?.bool ?? true
        hasColor = json["has_color"]?.bool ?? true
        colors = (json["colors"]?.array ?? []).compactMap { color in
            guard let name = color["name"]?.string, let family = color["family"]?.string.flatMap(ColorFamily.init(rawValue:)) else { return nil }
            return ItemColor(name: name, family: family)
        }
        sizes = json["sizes"]?.array?.compactMap(\.string) ?? []
        sources = (json["sources"]?.object ?? [:]).compactMapValues(\.string)
    }
}
