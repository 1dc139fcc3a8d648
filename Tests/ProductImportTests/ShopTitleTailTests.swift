import Foundation
import ProductImport
import Testing

/// Titles end with where the page is ("| Etsy", "- ZALANDO.FR", "bei SNIPES bestellen"); the name is what
/// comes before. Only a tail that names the shop by its host goes, so a name's own dashes stay.
@Suite struct ShopTitleTailTests {
    private func page(title: String, heading: String? = nil) -> String {
        """
        <html><head><meta property="og:title" content="\(title)"><meta property="og:type" content="product">
        <meta property="og:image" content="https://cdn.example/1.jpg"><meta property="product:price:amount" content="48.00">
        <meta property="product:price:currency" content="EUR"></head>
        <body>\(heading.map { "<h1>\($0)</h1>" } ?? "")<button>Add to cart</button></body></html>
        """
    }

    @Test(arguments: [
        ("Champion Legacy Cap bei SNIPES bestellen", "https://www.snipes.com/p/champion-legacy-cap-0001.html", "Champion Legacy Cap"),
        ("Wool Coat | Etsy", "https://www.etsy.com/listing/1/wool-coat", "Wool Coat"),
        ("Pantalon classique - marine - ZALANDO.FR", "https://www.zalando.fr/x-k11.html", "Pantalon classique - marine"),
        ("Robe pull chez Fnac", "https://www.fnac.com/a1/robe", "Robe pull"),
    ])
    func aTailNamingTheShopGoes(title: String, url: String, name: String) throws {
        #expect(try TestSupport.draft(page(title: title), url: url).name == name)
    }

    @Test(arguments: [
        ("T-Shirt - Black - Organic", "https://shop.example/p/1"),
        ("Coat by Snipes Studio", "https://www.snipes.com/p/1.html"),
        ("Etsy", "https://www.etsy.com/listing/1"),
    ])
    func otherTailsStay(title: String, url: String) throws {
        #expect(try TestSupport.draft(page(title: title), url: url).name == title)
    }

    @Test func aShareTitleCutShortGivesWayToTheHeading() throws {
        let heading = "Felpudo calabaza / decoración de otoño / estera de bienvenida / pintado a mano"
        let draft = try TestSupport.draft(page(title: "Felpudo calabaza / decoración de otoño / estera | Etsy", heading: heading),
                                          url: "https://www.etsy.com/es/listing/550571276/felpudo")
        #expect(draft.name == heading)
        #expect(draft.sources[.name] == .page)
    }

    @Test func aComAuHostDoesNotMakeABrandThatStartsWithComTheShopsName() throws {
        let html = """
            <html><head><title>Comme des Garçons Play Heart T-shirt – THE ICONIC</title></head><body>
            <div>Comme des Garçons</div><h1>Play Heart T-shirt</h1>
            <p class="price">$120</p><button>Add to bag</button></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://www.theiconic.com.au/play-heart-t-shirt-1.html").brand == "Comme des Garçons")
    }

    @Test func aTitleThatStartsWithTheShopsNameAloneNamesTheProductAfterIt() throws {
        let page = { (title: String) in
            "<html><head><title>\(title)</title></head><body><main><div class=\"product-price\">€ 49,95</div><button class=\"add-to-cart\">Add to cart</button></main></body></html>"
        }
        #expect(try TestSupport.draft(page("Acme - Linen Shirt"), url: "https://www.acme.com/p/x").name == "Linen Shirt")
        #expect(try TestSupport.draft(page("acme.com | Linen Shirt"), url: "https://www.acme.com/p/x").name == "Linen Shirt")
        // A longer head is a brand or a name of its own, not the shop.
        #expect(try TestSupport.draft(page("Acme Denim - Slim Jeans"), url: "https://www.acme.com/p/x").name == "Acme Denim")
    }
}
