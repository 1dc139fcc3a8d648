import Foundation
import ProductImport
import Testing

/// Prices whose cents are drawn apart from the whole amount: raised in a `<sup>` ("$31<sup>57</sup>"), in a sibling
/// classed as cents (Home Depot's `price__cents`), or behind a mark of their own (Walmart's "37" "." "30").
@Suite struct SplitCentsTests {
    private func draft(_ block: String) throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="en"><head><title>Trail Runner Shoe</title></head><body>
            <h1>Trail Runner Shoe</h1>\(block)<button class="add-to-cart">Add to Cart</button></body></html>
            """
        return try TestSupport.draft(html, url: "https://trail.example/p/trail-runner")
    }

    @Test(arguments: [
        (#"<span class="price">$31<sup>57</sup></span>"#, 31.57),
        (#"<span class="price">$<span class="price__dollars">31</span><span class="price__cents">57</span></span>"#, 31.57),
        (#"<span class="Price-group"><span class="Price-currency">$</span><span class="Price-characteristic">37</span><span class="Price-mark">.</span><span class="Price-mantissa">30</span></span>"#, 37.3),
        (#"<span class="price">1.299<sup>99</sup> €</span>"#, 1_299.99),
        (#"<span class="price">$1,299<sup>00</sup></span>"#, 1_299),
        (#"<span class="price"><span class="int">49</span><span class="dec">,95</span> €</span>"#, 49.95),
    ])
    func centsDrawnApartJoinTheWholeAmount(block: String, price: Double) throws {
        #expect(try draft(block).price == price, "\(block)")
    }

    @Test(arguments: [
        // A footnote mark is no cents, and neither is a second amount after a price that has its own.
        (#"<span class="price">$25</span> <sup>1</sup>"#, 25.0),
        (#"<span class="price">$25.00</span><span class="price__cents">50</span>"#, 25.0),
        (#"<span class="price">$25<sup>*</sup></span>"#, 25.0),
    ])
    func marksThatAreNotCentsLeaveTheAmount(block: String, price: Double) throws {
        #expect(try draft(block).price == price, "\(block)")
    }

    /// Roller prints the price to pay with no sign anywhere (`69.<sup>99</sup>` under `currentPrice`): the class says it is
    /// the price, the cents say it is an amount, the domain gives the currency. A bare number under a plain "price" class,
    /// or without cents, is not taken.
    @Test func aBareAmountInCentsUnderACurrentPriceClassIsThePrice() throws {
        func draft(_ price: String) throws -> ProductDraft {
            try TestSupport.draft("""
                <html lang="de"><head><title>Nachtkommode JULIETTA | Nachttische | Möbelhaus ROLLER</title></head><body>
                <h1>Nachtkommode JULIETTA</h1><div class="priceInformation">\(price)</div>
                <form action="/cart/add"><button type="button">In den Warenkorb</button></form></body></html>
                """, url: "https://www.roller.de/M%C3%B6bel/Nachttische/Nachtkommode-JULIETTA/p/1023029000")
        }
        let shown = try draft(#"<span class="currentPrice"> 69.<sup>99</sup></span>"#)
        #expect(shown.price == 69.99)
        #expect(shown.currency == "EUR")
        #expect(try draft(#"<span class="price"> 69.99</span>"#).price == nil)
        #expect(try draft(#"<span class="currentPrice">2</span>"#).price == nil)
    }
}
