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

/// A page can hide things in a name that a phone shows: reversed text, invisible characters, script text.
@Suite struct HiddenTextInNamesTests {
    private func draft(name: String) throws -> ProductDraft {
        // As pages write it: non-ASCII as \u escapes, and "/" as "\/" so "</script>" cannot end the block.
        let escaped = name.unicodeScalars.map { scalar in
            scalar == "/" ? "\\/" : scalar.isASCII && scalar != "\"" ? String(scalar) : String(format: "\\u%04x", scalar.value)
        }.joined()
        let html = #"<html><head><script type="application/ld+json">{"@type":"Product","name":""# + escaped
            + #"","offers":{"price":"49.90","priceCurrency":"EUR"}}</script></head><body></body></html>"#
        return try TestSupport.draft(html, url: "https://shop.example/p/1")
    }

    @Test func bidiOverridesAndZeroWidthCharactersAreTakenOut() throws {
        #expect(try draft(name: "Ctrl\u{202E}Shirt\u{200B}\u{FEFF}").name == "CtrlShirt")
        #expect(try draft(name: "Linen\u{2066} shirt\u{2069}\u{00AD}").name == "Linen shirt")
    }

    @Test func scriptAndStyleTextInANameIsDropped() throws {
        #expect(try draft(name: "<script>alert(1)</script><b>Bold</b> &amp; Shirt").name == "Bold & Shirt")
        #expect(try draft(name: "<style>.x{}</style>Wool coat").name == "Wool coat")
    }
}
