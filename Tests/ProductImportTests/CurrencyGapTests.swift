import Foundation
import JSON
@testable import ProductImport
import Testing

/// A price whose source names no currency: the sign its own source prints beside it ("symbol": "$"), else the buy box
/// the shopper sees, settles it.
@Suite struct CurrencyGapTests {
    @Test func aPriceObjectsSignIsKeptForTheDomainToSettle() throws {
        // Rejuvenation's product state: `{"original", "sale", "msrp", "symbol"}`.
        let facts = ProductShape.facts(from: try JSON.parse(#"""
            {"title": "Keystick Wall Sconce", "sku": "A1686", "images": ["https://cdn.example/a1686.jpg"],
             "price": {"original": "150.00", "sale": "120.00", "msrp": "150.00", "symbol": "$", "sale_type": "On Sale!"}}
            """#))
        #expect(facts.price == 120)
        #expect(facts.currency == nil)
        #expect(facts.currencySign == "$")
        let state = #"{"product": {"title": "Keystick Wall Sconce", "sku": "A1686", "images": ["https://cdn.example/a1686.jpg"], "price": {"sale": "120.00", "symbol": "$"}}}"#
        let html = """
            <!doctype html><html lang="en"><head><title>Keystick Wall Sconce</title></head><body><h1>Keystick Wall Sconce</h1>
            <script>window.__INITIAL_STATE__ = \(state);</script></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://lamps.example.com/products/keystick-wall-sconce")
        #expect(draft.price == 120)
        #expect(draft.currency == "USD")
        let canadian = try TestSupport.draft(html, url: "https://lamps.example.ca/products/keystick-wall-sconce")
        #expect(canadian.currency == "CAD")
    }

    @Test func structuredDataWithoutACurrencySendsTheReaderToTheBuyBox() throws {
        let jsonLD = #"""
            {"@context": "https://schema.org", "@type": "Product", "name": "Harris Tweed Cap", "sku": "HT-204", "image": "https://tweed.example.com/cap.jpg", "category": "Hats", "brand": {"@type": "Brand", "name": "Glen Appin"},
             "offers": {"@type": "Offer", "price": "25.00", "availability": "https://schema.org/InStock"}}
            """#
        let html = """
            <!doctype html><html lang="en"><head><title>Harris Tweed Cap</title><script type="application/ld+json">\(jsonLD)</script></head>
            <body><h1>Harris Tweed Cap</h1><div class="product-price"><span class="price">£25.00</span></div>
            <button class="add-to-cart">Add to basket</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://tweed.example.com/products/harris-tweed-cap")
        #expect(draft.price == 25)
        #expect(draft.currency == "GBP")
    }
}
