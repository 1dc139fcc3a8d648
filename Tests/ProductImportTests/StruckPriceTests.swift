import Foundation
import ProductImport
import Testing

/// A price block that holds the crossed-out price and the price to pay as bare children, with no
/// label on either (Salesforce Commerce Cloud's `.prices .price`): the block reads as the amount
/// left once the crossed-out part is taken away.
@Suite struct StruckPriceTests {
    private func draft(_ block: String) throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="en"><head><title>Relaxed Chino Pant</title></head><body>
            <h1 class="product-name">Relaxed Chino Pant</h1>\(block)<button class="add-to-cart">Add to Cart</button></body></html>
            """
        return try TestSupport.draft(html, url: "https://harborpine.example/relaxed-chino-pant/25592581M.html")
    }

    @Test(arguments: [
        #"<div class="price"><span><del><span class="value" content="79.00">$79.00</span></del><span class="sales"><span class="value">$59.00</span></span></span></div>"#,
        #"<div class="price"><span class="strike-through list"><span class="value">$79.00</span></span> <span class="value">$59.00</span></div>"#,
        #"<div class="product-price"><s>$79.00</s> $59.00</div>"#,
        // H&M's shops (COS, Weekday, & Other Stories): the old price is "deprecated", the new one "reduced".
        #"<div class="m-product-price" id="product-price"><span class="is-deprecated">$79.00</span> <span class="is-reduced">$59.00</span></div>"#,
    ])
    func theCrossedOutPartOfAPriceBlockIsNotThePrice(block: String) throws {
        let found = try draft(block)
        #expect(found.price == 59)
        #expect(found.currency == "USD")
    }

    @Test func aBlockWithOnlyOnePriceStillReadsIt() throws {
        let found = try draft(#"<div class="price"><span class="sales"><span class="value">$59.00</span></span></div>"#)
        #expect(found.price == 59)
    }

    @Test func aBlockWhosePriceIsAllCrossedOutGivesNoPriceFromIt() throws {
        let found = try draft(#"<div class="price"><del><span class="value">$79.00</span></del></div><p>Sold out</p>"#)
        #expect(found.price != 79)
    }
}
