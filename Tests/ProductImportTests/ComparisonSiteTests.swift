import Foundation
import ProductImport
import Testing

/// A price-comparison page (Geizhals) lists shops' offers, each with its own stock line; the site
/// rule's selector matches every row, and one offer that can be bought makes the product buyable.
@Suite struct ComparisonSiteTests {
    private func page(offers: [String]) -> String {
        let rows = offers.map { #"<div class="offer"><div class="offer__price">€ 899,00</div><div class="offer__delivery"><div class="offer__delivery-time">\#($0)</div></div></div>"# }
        return """
            <html lang="de"><head><title>Miele TCF620 WP Eco Wärmepumpentrockner ab € 899,00 (2024) | Preisvergleich Geizhals Österreich</title></head><body>
            <h1>Miele TCF620 WP Eco Wärmepumpentrockner</h1><div class="price">ab € 899,00</div>
            \(rows.joined(separator: "\n"))</body></html>
            """
    }

    private let url = "https://geizhals.at/miele-tcf620-wp-eco-waermepumpentrockner-a1599561.html"

    @Test func oneOfferInStockMakesTheProductBuyable() throws {
        let draft = try TestSupport.draft(page(offers: ["Derzeit nicht lagernd", "Lieferzeit: 3-4 Werktage", "Versandlager: Lagernd"]), url: url)
        #expect(draft.availability == .inStock)
        #expect(draft.sources[.availability] == .page)
    }

    @Test func everyOfferSoldOutIsSoldOut() throws {
        let draft = try TestSupport.draft(page(offers: ["Derzeit nicht lagernd", "Lieferzeit: 3-4 Werktage", "Nicht lieferbar"]), url: url)
        #expect(draft.availability == .outOfStock)
    }

    @Test func offersThatStateNoStockSayNothing() throws {
        let draft = try TestSupport.draft(page(offers: ["Lieferzeit: 3-4 Werktage", "1-2 Werktage"]), url: url)
        #expect(draft.availability == nil)
    }
}
