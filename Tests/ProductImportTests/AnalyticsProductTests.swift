import JSON
@testable import ProductImport
import Testing

/// The product a page reports to Google Analytics as viewed.
@Suite struct AnalyticsProductTests {
    private func page(_ script: String) -> String {
        """
        <html lang="de"><head><title>Shop</title></head><body><div id="app"></div>
        <script>\(script)</script></body></html>
        """
    }

    @Test func aGA4ViewItemPushGivesTheProduct() throws {
        let draft = try TestSupport.draft(page("""
            window.dataLayer = window.dataLayer || [];
            dataLayer.push({ ecommerce: null });
            dataLayer.push({ event: 'view_item', ecommerce: { currency: 'EUR', value: 79.95,
              items: [{ item_id: 'WB-2041', item_name: 'Wollmantel Kurz', item_brand: 'Nordkap', item_category: 'Damen',
                        item_category2: 'Mäntel', price: 79.95, quantity: 1 }] } });
            """), url: "https://nordkap.example/p/wollmantel")
        #expect(draft.name == "Wollmantel Kurz")
        #expect(draft.price == 79.95)
        #expect(draft.currency == "EUR")
        #expect(draft.sku == "WB-2041")
        #expect(draft.brand == "Nordkap")
        #expect(draft.category == .outerwear)
        #expect(draft.sources[.price] == .embedded)
    }

    @Test func aDataLayerWrittenOutAsAListGivesTheProduct() throws {
        let draft = try TestSupport.draft(page("""
            var dataLayer = [{"pageType": "product"}, {"event": "view_item", "ecommerce": {"currency": "PLN",
              "items": [{"item_id": "K-77", "item_name": "Sweter wełniany", "price": 199.99}]}}];
            """), url: "https://sklep.example/p/sweter")
        #expect(draft.price == 199.99)
        #expect(draft.currency == "PLN")
        #expect(draft.sku == "K-77")
    }

    @Test func aGtagViewItemEventGivesTheProduct() throws {
        let draft = try TestSupport.draft(page("""
            gtag("event", "view_item", {"currency": "GBP", "value": 24, "items": [{"item_id": 88213, "item_name": "Linen Scarf", "price": 24}]});
            """), url: "https://linen.example/scarf")
        #expect(draft.name == "Linen Scarf")
        #expect(draft.price == 24)
        #expect(draft.currency == "GBP")
        #expect(draft.sku == "88213")
    }

    @Test func aUniversalAnalyticsDetailGivesTheProduct() throws {
        let value = try JSON.parse(#"""
            {"event": "productDetail", "ecommerce": {"currencyCode": "USD", "detail": {"products": [
              {"id": "TS-9", "name": "Pocket Tee", "brand": "Loom", "price": "19.00", "category": "Men/Shirts"}]}}}
            """#)
        let product = try #require(AnalyticsProduct.product(in: value))
        let facts = ProductShape.facts(from: product)
        #expect(facts.name == "Pocket Tee")
        #expect(facts.price == 19)
        #expect(facts.currency == "USD")
        #expect(facts.sku == "TS-9")
        #expect(facts.category == "Men > Shirts")
    }

    @Test func listViewsAndReportsOfSeveralItemsAreNotOneProduct() throws {
        let list = try JSON.parse(#"{"event": "view_item_list", "ecommerce": {"items": [{"item_name": "A", "price": 1}]}}"#)
        #expect(AnalyticsProduct.product(in: list) == nil)
        let two = try JSON.parse(#"{"event": "view_item", "ecommerce": {"items": [{"item_name": "A", "price": 1}, {"item_name": "B", "price": 2}]}}"#)
        #expect(AnalyticsProduct.product(in: two) == nil)
        let nameless = try JSON.parse(#"{"event": "view_item", "ecommerce": {"items": [{"item_id": "A", "price": 1}]}}"#)
        #expect(AnalyticsProduct.product(in: nameless) == nil)
        #expect(ScriptState.values(in: #"gtag("event", "view_item_list", {"items": []});"#).isEmpty)
        #expect(ScriptState.values(in: #"track("view_item", {"items": []});"#).isEmpty)
    }
}
