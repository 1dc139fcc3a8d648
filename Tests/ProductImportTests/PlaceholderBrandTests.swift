import Foundation
@testable import ProductImport
import Testing

/// Shop templates fill the brand with stand-ins when a product has none: those are no brand, and the
/// page gets the chance to name the real one.
@Suite struct PlaceholderBrandTests {
    private func page(brand: String, body: String = "") -> String {
        """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen shirt",
        "image":"https://shop.example/shirt.jpg","sku":"LS-204","brand":\(brand),
        "offers":{"@type":"Offer","price":"49.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></head>
        <body><h1>Linen shirt</h1>\(body)</body></html>
        """
    }

    @Test(arguments: [#""undefined""#, #""N/A""#, #""Unbranded""#, #"{"@type":"Brand","name":"{{ product.vendor }}"}"#,
                      #""[object Object]""#, #""-""#, #""Does not apply""#, #""https://schema.org/Brand""#])
    func aStandInIsNoBrand(brand: String) throws {
        let draft = try TestSupport.draft(page(brand: brand))
        #expect(draft.brand == nil)
        #expect(draft.price == 49)
    }

    @Test func thePageThenNamesTheBrand() throws {
        let draft = try TestSupport.draft(page(brand: #""undefined""#, body: #"<p>Brand: Loom &amp; Co</p>"#))
        #expect(draft.brand == "Loom & Co")
    }

    @Test(arguments: ["NA-KD", "Generic", "None of the Above", "Brandit", "Merkur"])
    func realBrandsThatLookLikeStandInsStay(brand: String) {
        #expect(!ProductFacts.isPlaceholderBrand(brand))
    }
}
