@testable import Bot
import Closet
import Foundation
import ProductImport
import Testing

/// Values a product page hands to the closet are cut or dropped to fit, never refused and never trapping.
@Suite struct ItemDraftLimitsTests {
    @Test func aPageDraftWithAHugePriceAndOverlongTextFitsTheClosetLimits() throws {
        var product = ProductDraft(name: String(repeating: "Wool coat ", count: 100_000))
        product.price = 1e20
        product.currency = "EUR"
        product.brand = String(repeating: "B", count: 500)
        product.material = String(repeating: "m", count: 5_000)
        product.colors = [ItemColor(name: String(repeating: "navy", count: 100), family: .navy)]
        product.sizes = ["M", String(repeating: "X", count: 100)]
        product.formality = 99
        product.warmth = -4
        product.pageURL = URL(string: "https://shop.example/" + String(repeating: "p", count: 3000))
        let draft = ItemDraft(product: product, photo: nil, now: Date(timeIntervalSince1970: 1_700_000_000))
        try draft.item.checkLimits()
        #expect(draft.item.name.count == ItemField.name.maximumLength)
        #expect(draft.item.price == nil, "a price beyond 10 million is dropped")
        #expect(draft.item.sourceURL == nil, "a link beyond 2048 characters is dropped")
        #expect((draft.item.formality, draft.item.warmth) == (5, 1))
        #expect(draft.sizes == ["M"])
        #expect(draft.colors.allSatisfy { $0.name.count <= ItemField.colorName.maximumLength })
        #expect(ItemDraft(json: draft.json)?.item == draft.item, "the draft survives its round trip through chat state")
    }

    @Test func aPageDraftWithAnOddCurrencyKeepsTheAmount() {
        var product = ProductDraft(name: "Shirt")
        product.price = 49.5
        product.currency = "€"
        #expect(ItemDraft(product: product, photo: nil, now: Date()).item.price == (try? Price(amount: 49.5)))
    }
}
