import Closet
import Foundation
import ProductImport
import Testing

/// A specification table of label and value cells, as 1000bulbs.com prints it: the colon in a run of its own, and
/// the next row's label straight after the value.
@Suite struct SpecificationTableTests {
    static func page(_ rows: String) -> String {
        """
        <html><head><title>H11B Headlight - ClearVision Supreme - 55 Watt</title></head><body>
        <h1>H11B Headlight - ClearVision Supreme - 55 Watt - T3.25</h1><p class="price">$44.50 ea</p>
        <input type="submit" value="+ Add To Cart" class="button">
        <table>\(rows)</table></body></html>
        """
    }

    @Test func aValueAfterAColonCellIsTheWholeCell() throws {
        let html = Self.page(#"<tr><td><strong>Brand</strong>:</td><td>EiKO</td></tr><tr><td><strong>Part No.</strong>:</td><td>H11BCVSU-BP</td></tr><tr><td><strong>Wattage</strong>:</td><td>55</td></tr>"#)
        #expect(try TestSupport.draft(html, url: "https://www.1000bulbs.com/product/113695/").sku == "H11BCVSU-BP")
    }

    @Test func aStockCodeIsTheShopsNumber() throws {
        let html = Self.page(#"<tr><td><strong>Stock Code</strong>:</td><td>EIKO-H11BCVSUBP1</td></tr><tr><td><strong>Part No.</strong>:</td><td>H11BCVSU-BP</td></tr>"#)
        #expect(try TestSupport.draft(html, url: "https://www.1000bulbs.com/product/113695/").sku == "EIKO-H11BCVSUBP1")
    }

    @Test func aNumberSplitIntoSpansIsStillJoined() throws {
        let html = Self.page(#"<tr><td>SKU</td><td><span>5</span><span>70</span><span>307</span><span>-</span><span>720</span></td></tr>"#)
        #expect(try TestSupport.draft(html, url: "https://www.1000bulbs.com/product/113695/").sku == "570307-720")
    }

    @Test(arguments: ["H11B Headlight - ClearVision Supreme - 55 Watt", "Halogen Headlight Capsules", "Fog Lights LED, pair"])
    func headlightsAreCarAccessories(name: String) {
        TestSupport.expectGoods(name, "car accessory")
    }
}
