import Foundation
import Testing
import ProductImport

/// Pages found by fuzz-extraction (or written from its findings) whose numbers once trapped in `Int(_:)`.
@Suite("Hostile numbers on product pages")
struct HostileNumberTests {
    @Test func aJSONLDImageWidthOf1e20IsIgnoredAndTheImageKept() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@type":"Product","name":"Linen shirt",
        "image":{"@type":"ImageObject","url":"https://shop.example/a.jpg","width":1e20}}</script>
        """)
        #expect(draft.name == "Linen shirt")
        #expect(draft.images.map(\.absoluteString) == ["https://shop.example/a.jpg"])
    }

    @Test func aSrcsetWidthOf1e99IsIgnoredOnTheVisiblePage() throws {
        let draft = try TestSupport.draft("""
        <html><head><title>Wool coat</title><meta property="og:type" content="product"><meta property="og:title" content="Wool coat"></head>
        <body><h1>Wool coat</h1><img srcset="https://shop.example/a.jpg 1e99w, https://shop.example/b.jpg 800w"></body></html>
        """)
        #expect(draft.name == "Wool coat")
        #expect(!draft.images.isEmpty)
    }

    @Test func scriptStateWithAWidthOf1e300AndAMaterialShareOf1e300StillGivesADraft() throws {
        let draft = try TestSupport.draft("""
        <html><head><title>Wide Leg Jeans</title><script>
        window.__INITIAL_STATE__ = {pdp: {product: {productName: 'Wide Leg Jeans', brandName: 'Denimhaus',
          images: [{src: '//img.example/front.jpg', width: 1e300}],
          composition: [{material: 'cotton', percentage: 1e300}, {material: 'elastane', percentage: 1}]}}};
        </script></head><body><h1>Wide Leg Jeans</h1></body></html>
        """)
        #expect(draft.name == "Wide Leg Jeans")
        #expect(draft.images.map(\.absoluteString) == ["https://img.example/front.jpg"])
        #expect(draft.material == "cotton, 1% elastane")
    }
}

/// Numbers jansson refuses must not cost the product: the block is read, the price is dropped.
@Suite struct OutOfRangeNumberTests {
    private func jsonLD(price: String) -> String {
        #"<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen shirt","offers":{"@type":"Offer","price":"#
            + price + #","priceCurrency":"EUR"}}</script></head><body></body></html>"#
    }

    @Test(arguments: ["99999999999999999999999999999999999999", "1e309", "-1e400", "0", "-0", "\"0.00\""])
    func aPriceBeyondRangeOrZeroLeavesTheProductWithoutAPrice(price: String) throws {
        let draft = try TestSupport.draft(jsonLD(price: price), url: "https://shop.example/p/linen-shirt")
        #expect(draft.name == "Linen shirt")
        #expect(draft.price == nil)
    }

    @Test func aPriceInRangeNextToAHugeNumberStays() throws {
        let html = #"<html><head><script type="application/ld+json">{"@type":"Product","name":"Linen shirt","gtin13":12345678901234567890123,"offers":{"price":49.9,"priceCurrency":"EUR"}}</script></head><body></body></html>"#
        let draft = try TestSupport.draft(html, url: "https://shop.example/p/linen-shirt")
        #expect(draft.price == 49.9)
    }
}
