import JSON
@testable import ProductImport
import Testing

/// The search for product-shaped objects in script state.
@Suite struct ProductShapeTests {
    @Test func aProductSplitOverNeighbourObjectsIsReadAsOne() throws {
        let state = try JSON.parse(#"""
            {"catalog": {"catalogId": null}, "basic": {"prodNo": 2270339522, "prodNm": "Merino Scarf", "brandNm": "Hanji"},
             "sale": {"originPrice": 52000, "salePrice": 48000}, "reviews": {"name": "Kim", "price": 1}}
            """#)
        let found = try #require(ProductShape.best(in: state))
        let facts = ProductShape.facts(from: found.object)
        #expect(facts.name == "Merino Scarf")
        #expect(facts.price == 48000)
        #expect(facts.sku == "2270339522")
        #expect(facts.brand == "Hanji")
    }

    @Test func neighboursWithoutAProductNumberAreNotAProduct() throws {
        // A signed-in user next to a cart total is not a product.
        let state = try JSON.parse(#"{"user": {"name": "Kim", "avatar": "a.png"}, "cart": {"salePrice": 48000}}"#)
        #expect(ProductShape.best(in: state) == nil)
        #expect(ProductShape.composite(try JSON.parse(#"{"basic": {"prodNo": 1, "prodNm": "Scarf"}}"#).object!) == nil)
    }

    @Test func anObjectWithItsOwnNameIsNotMergedWithItsNeighbours() throws {
        let members = try JSON.parse(#"{"name": "Page", "basic": {"prodNo": 1, "prodNm": "Scarf"}, "sale": {"salePrice": 9}}"#).object!
        #expect(ProductShape.composite(members) == nil)
    }

    @Test func thePageLanguageGivesTheCurrencyWhenNoSourceNamesOne() throws {
        let html = #"""
            <html lang="ko"><head><title>Merino Scarf</title></head><body><div id="app"></div>
            <script>GV.set('initialData', JSON.parse('{"basic":{"prodNo":7001,"prodNm":"Merino Scarf"},"sale":{"salePrice":48000}}'));</script></body></html>
            """#
        let draft = try TestSupport.draft(html, url: "https://shop.example/product/7001")
        #expect(draft.price == 48000)
        #expect(draft.currency == "KRW")
        #expect(draft.sources[.price] == .embedded)
    }
}
