import Foundation
import Testing

/// The name heading read as a shopper sees it, and which heading names the product.
@Suite struct HeadingTextTests {
    private func name(title: String = "Shop", _ body: String) throws -> String? {
        let html = """
            <!doctype html><html lang="en"><head><title>\(title)</title></head><body><main>\(body)
            <div class="product-price">€ 49,95</div><button class="add-to-cart">Add to cart</button></main></body></html>
            """
        return try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt").name
    }

    @Test(arguments: [
        ("<h1><span class=\"brand\">Acme</span><span class=\"name\">Linen Shirt</span></h1>", "Acme Linen Shirt"),
        ("<h1>Linen<br>Shirt</h1>", "Linen Shirt"),
        ("<h1>Linen Shirt<span class=\"sr-only\">Sale price</span></h1>", "Linen Shirt"),
        ("<h1>Linen Shirt <span class=\"price\">€ 49,95</span></h1>", "Linen Shirt"),
        ("<h1>Linen Shirt<span hidden>Sold out</span></h1>", "Linen Shirt"),
        // Inline emphasis inside a word stays part of it.
        ("<h1>Super<b>Soft</b> Tee</h1>", "SuperSoft Tee"),
    ])
    func neighbouringBlocksInTheHeadingAreSeparateWords(heading: String, expected: String) throws {
        #expect(try name(heading) == expected)
    }

    @Test func aLogoHeadingIsNotTheName() throws {
        #expect(try name("<h1 class=\"logo\">Acme</h1><h1 class=\"product-title\">Linen Shirt</h1>") == "Linen Shirt")
    }

    @Test func aHeadingThatSharesNoWordWithTheTitleGivesWayToTheElementNamingIt() throws {
        #expect(try name(title: "Linen Shirt | Shop", "<h1>Newsletter</h1><h2 class=\"product-name\">Linen Shirt</h2>") == "Linen Shirt")
        // Without a title to compare, the heading stays.
        #expect(try name("<h1>Linen Shirt</h1><h2 class=\"product-name\">Other</h2>") == "Linen Shirt")
    }
}
