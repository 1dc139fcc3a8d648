import Foundation
import Testing
@testable import ProductImport

/// A JSON-LD name without the brand the heading starts with: the heading's words are the name when the brand is part of
/// its own text (Jumia), not when the heading sets the brand apart in an element of its own (Neiman Marcus, Zappos).
@Suite struct HeadingBrandTests {
    private func page(heading: String) -> String {
        """
        <html lang="en"><head><title>Galaxy A7 (2016) Gold | Phone Hall</title>
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Galaxy A7 (2016) - Gold",
        "brand":"Samsung","image":"https://phones.example/a7.jpg","offers":{"@type":"Offer","price":"6099","priceCurrency":"EGP",
        "availability":"https://schema.org/InStock"}}</script></head><body>\(heading)<span class="price">EGP 6,099</span>
        <button>Add to cart</button></body></html>
        """
    }

    @Test func aHeadingThatWritesTheBrandIntoItsTextIsTheName() throws {
        let draft = try TestSupport.draft(page(heading: "<h1>Samsung Galaxy A7 (2016) - Gold</h1>"), url: "https://phones.example/galaxy-a7-2016-gold")
        #expect(draft.name == "Samsung Galaxy A7 (2016) - Gold")
        #expect(draft.brand == "Samsung")
    }

    @Test(arguments: [
        #"<h1><span class="designer"><a href="/samsung">Samsung</a></span><span>Galaxy A7 (2016) - Gold</span></h1>"#,
        #"<h1><a href="/samsung">Samsung</a> <span>Galaxy A7 (2016) - Gold</span></h1>"#,
    ])
    func aBrandSetApartInTheHeadingStaysOutOfTheName(heading: String) throws {
        let draft = try TestSupport.draft(page(heading: heading), url: "https://phones.example/galaxy-a7-2016-gold")
        #expect(draft.name == "Galaxy A7 (2016) - Gold")
        #expect(draft.brand == "Samsung")
    }

    @Test func otherWordsBeforeTheNameAreNotTaken() throws {
        let draft = try TestSupport.draft(page(heading: "<h1>New Galaxy A7 (2016) - Gold</h1>"), url: "https://phones.example/galaxy-a7-2016-gold")
        #expect(draft.name == "Galaxy A7 (2016) - Gold")
    }
}
