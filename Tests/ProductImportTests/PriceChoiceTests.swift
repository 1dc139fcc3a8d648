import Foundation
import ProductImport
import Testing

/// When JSON-LD, meta tags and the visible page state different prices, the buy box decides.
@Suite struct PriceChoiceTests {
    private func page(jsonLD: String, head: String = "", body: String) -> String {
        """
        <!doctype html><html lang="en"><head><title>Shop</title>
        <script type="application/ld+json">\(jsonLD)</script>\(head)</head><body>\(body)</body></html>
        """
    }

    private let twoOffers = """
        {"@type": "Product", "name": "Merino Crew Sweater", "image": "https://img.example/sweater.jpg",
         "brand": "Nordvik", "description": "Fine merino.", "color": "Navy",
         "offers": [{"@type": "Offer", "price": "89.00", "priceCurrency": "EUR"},
                    {"@type": "Offer", "price": "69.00", "priceCurrency": "EUR"}]}
        """

    @Test func theOfferTheBuyBoxShowsWinsOverTheFirstOffer() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><div class="product-price"><s class="price">€89,00</s> <span class="price">€69,00</span></div>
            <button class="add-to-cart">Add to bag</button>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 69)
        #expect(draft.currency == "EUR")
        #expect(draft.sources[.price] == .jsonLD)
    }

    @Test func withoutAMatchingBuyBoxTheMostTrustedSourceKeepsItsFirstPrice() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><div class="product-price"><span class="price">€75,00</span></div>
            <button class="add-to-cart">Add to bag</button>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 89)
        #expect(draft.sources[.price] == .jsonLD)
    }

    @Test func theTopOfAPriceRangeIsTakenWhenTheBuyBoxShowsIt() throws {
        let range = """
            {"@type": "Product", "name": "Pleated Midi Skirt", "image": "https://img.example/skirt.jpg", "brand": "Atelier",
             "description": "Pleats.", "color": "Black",
             "offers": {"@type": "AggregateOffer", "lowPrice": 39.95, "highPrice": 59.95, "priceCurrency": "GBP"}}
            """
        let shown = page(jsonLD: range, body: "<h1>Pleated Midi Skirt</h1><span class=\"price\">£59.95</span><button>Add to bag</button>")
        #expect(try TestSupport.draft(shown, url: "https://shop.example.co.uk/p/skirt").price == 59.95)
        let unread = page(jsonLD: range, body: "<h1>Pleated Midi Skirt</h1><p>Choose a length</p>")
        #expect(try TestSupport.draft(unread, url: "https://shop.example.co.uk/p/skirt").price == 39.95)
    }

    @Test func aMetaPriceThatDisagreesWithJSONLDIsSettledByTheBuyBox() throws {
        let single = """
            {"@type": "Product", "name": "Canvas Sneaker", "image": "https://img.example/sneaker.jpg", "brand": "Kanvas",
             "description": "Canvas.", "color": "White", "offers": {"@type": "Offer", "price": 60, "priceCurrency": "USD"}}
            """
        let head = #"<meta property="og:type" content="product"><meta property="product:price:amount" content="45.00"><meta property="product:price:currency" content="USD">"#
        let html = page(jsonLD: single, head: head, body: "<h1>Canvas Sneaker</h1><span class=\"price\">$45.00</span><button>Add to cart</button>")
        let draft = try TestSupport.draft(html, url: "https://shoes.example.com/p/canvas-sneaker")
        #expect(draft.price == 45)
        #expect(draft.currency == "USD")
        #expect(draft.sources[.price] == .meta)
    }
}
