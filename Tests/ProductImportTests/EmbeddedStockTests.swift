import Foundation
import JSON
@testable import ProductImport
import Testing

/// The stock a shop's script state states in its own words: a flag (`isInStock`, ASOS; `isSoldOut`), or an
/// availability object (`{"status": "available", "orderable": true}`, Otto's variations).
@Suite struct EmbeddedStockTests {
    private func stock(_ json: String) throws -> Availability? {
        ProductShape.facts(from: try JSON.parse(json)).availability
    }

    @Test func flagsNamingTheStockAreRead() throws {
        #expect(try stock(#"{"name": "Skinny Jeans", "price": 33.99, "isInStock": true}"#) == .inStock)
        #expect(try stock(#"{"name": "Skinny Jeans", "price": 33.99, "isInStock": false}"#) == .outOfStock)
        #expect(try stock(#"{"name": "Skinny Jeans", "price": 33.99, "isSoldOut": true}"#) == .outOfStock)
        #expect(try stock(#"{"name": "Skinny Jeans", "price": 33.99, "soldOut": false}"#) == .inStock)
    }

    @Test func anAvailabilityObjectGivesItsFlagOrItsStatus() throws {
        #expect(try stock(#"{"name": "Pullover", "availability": {"limited": false, "orderable": true, "status": "available"}}"#) == .inStock)
        #expect(try stock(#"{"name": "Pullover", "availability": {"status": "soldout"}}"#) == .outOfStock)
        #expect(try stock(#"{"name": "Pullover", "availability": {"orderable": false, "status": "available"}}"#) == .outOfStock)
    }

    @Test func aProductsOwnStatusIsItsPlaceInTheCatalogueNotItsStock() throws {
        #expect(try stock(#"{"name": "Pullover", "status": "available", "price": 10}"#) == nil)
        #expect(try stock(#"{"name": "Pullover", "stock": 12, "price": 10}"#) == nil)
    }

    @Test func ottosVariationStateGivesTheStock() throws {
        let state = """
            {"id":"S0I100N7","brand":"s.Oliver","variations":{"S0I100N7AD0G":{"id":"S0I100N7AD0G","name":"s.Oliver Strickpullover »Pullover«",
            "productId":"S0I100N7","images":[{"id":"c5580e48","mainImage":true}],"availability":{"limited":false,"orderable":true,"buyable":true,
            "status":"available","displayName":"lieferbar - in 4-5 Werktagen bei dir"},"price":{"value":39.99,"currency":"EUR"}}}}
            """
        let html = """
            <!doctype html><html lang="de"><head><title>s.Oliver Strickpullover »Pullover« | OTTO</title></head><body>
            <h1>s.Oliver Strickpullover »Pullover«</h1><div class="js_prd_availability prd_availability"></div>
            <script id="productDataJson" type="application/json">\(state)</script></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.otto.de/p/s-oliver-strickpullover-S0I100N7/")
        #expect(draft.availability == .inStock)
        #expect(draft.sources[.availability] == .embedded)
    }
}
