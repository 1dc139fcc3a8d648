import Foundation
import ProductImport
import Testing

/// A page that labels the maker's number and the shop's own: the shop's is the identifier (Costco prints
/// "Model AF1RH332210TS" beside "Item 1275464", Home Depot "Model #" beside "Store SKU #").
@Suite struct ShopNumberTests {
    private func sku(_ details: String) throws -> String? {
        let html = """
            <!doctype html><html lang="en"><head><title>Stainless Sink and Faucet Combo</title></head><body>
            <h1>Stainless Sink and Faucet Combo</h1>\(details)<span class="price">$329.99</span>
            <button class="add-to-cart">Add to Cart</button></body></html>
            """
        return try TestSupport.draft(html, url: "https://warehouse.example.com/stainless-sink-combo.html").sku
    }

    @Test func theShopsNumberOutranksTheMakersNumberBeforeIt() throws {
        #expect(try sku(#"<p class="model-number">Model <span>AF1RH332210TS</span></p><p class="item-number">Item &nbsp;<span data-sku="1275464">1275464</span></p>"#) == "1275464")
        #expect(try sku(#"<h2>Model #<span>6202-22-00</span></h2><h2>Store SKU #<span>862425</span></h2>"#) == "862425")
        #expect(try sku(#"<dl><dt>MPN</dt><dd>XK-2209</dd><dt>SKU</dt><dd>100-4471</dd></dl>"#) == "100-4471")
    }

    @Test func theMakersNumberStandsWhenTheShopShowsNone() throws {
        #expect(try sku(#"<p>Model #<span>6202-22-00</span></p>"#) == "6202-22-00")
    }

    @Test func itemAloneIsALabelOnlyAsAWholeLine() throws {
        #expect(try sku(#"<p>Item ships in 2 days</p><p><span>Item</span> <span>1275464</span></p>"#) == "1275464")
        #expect(try sku(#"<p>Item ships within 24h of order 55512</p>"#) == nil)
        #expect(try sku(#"<p>ITEM: SB00260</p>"#) == "SB00260")
    }

    /// A note in brackets after the label is part of the label: Jumia's specification table.
    @Test func aLabelsBracketedNoteIsPartOfTheLabel() throws {
        let table = #"<div class="osh-row"><div class="osh-col -head">SKU (config)</div><div class="osh-col">SA024EL0C6IQ8NAFAMZ</div></div>"#
            + #"<div class="osh-row"><div class="osh-col -head">Model</div><div class="osh-col">SM-A710F Galaxy A7 (2016)</div></div>"#
        #expect(try sku(table) == "SA024EL0C6IQ8NAFAMZ")
        #expect(try sku(#"<p>SKU (config): KB-7719-BLK</p>"#) == "KB-7719-BLK")
    }
}
