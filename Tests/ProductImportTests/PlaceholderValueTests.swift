import Foundation
@testable import ProductImport
import Testing

/// Shop templates fill the brand and the article number with stand-ins when a product has none: those are
/// no brand and no number, and the page gets the chance to name the real ones.
@Suite struct PlaceholderValueTests {
    private func page(brand: String, body: String = "") -> String {
        """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen shirt",
        "image":"https://shop.example/shirt.jpg","sku":"LS-204","brand":\(brand),
        "offers":{"@type":"Offer","price":"49.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></head>
        <body><h1>Linen shirt</h1>\(body)</body></html>
        """
    }

    @Test(arguments: [#""undefined""#, #""N/A""#, #""Unbranded""#, #"{"@type":"Brand","name":"{{ product.vendor }}"}"#,
                      #""[object Object]""#, #""-""#, #""Does not apply""#, #""https://schema.org/Brand""#, #""408""#, #"{"name":"10 234"}"#,
                      #""ノーブランド品""#, #""无品牌""#])
    func aStandInIsNoBrand(brand: String) throws {
        let draft = try TestSupport.draft(page(brand: brand))
        #expect(draft.brand == nil)
        #expect(draft.price == 49)
    }

    @Test func thePageThenNamesTheBrand() throws {
        let draft = try TestSupport.draft(page(brand: #""undefined""#, body: #"<p>Brand: Loom &amp; Co</p>"#))
        #expect(draft.brand == "Loom & Co")
    }

    @Test(arguments: ["NA-KD", "Generic", "None of the Above", "Brandit", "Merkur", "3M", "1017 ALYX 9SM", "노브랜드"])
    func realBrandsThatLookLikeStandInsStay(brand: String) {
        #expect(!ProductFacts.isPlaceholderBrand(brand))
    }

    @Test(arguments: ["undefined", "null", "{{ variant.sku }}", "0", "000", "-", "N/A"])
    func aStandInIsNoArticleNumber(sku: String) throws {
        let html = page(brand: #""Loomworks""#).replacingOccurrences(of: #""sku":"LS-204""#, with: #""sku":"\#(sku)""#)
        let draft = try TestSupport.draft(html, url: "https://shop.example/products/linen-shirt")
        #expect(draft.sku == nil)
        #expect(draft.brand == "Loomworks")
    }

    @Test(arguments: ["LS-204", "0669091022", "B0057OC5O8", "A"])
    func realNumbersStay(sku: String) {
        #expect(!ProductFacts.isPlaceholderIdentifier(sku))
    }
}
