import Foundation
import ProductImport
import Testing

/// The stock state a size picker shows when it marks sold-out sizes one by one.
@Suite struct SizeStockTests {
    private func draft(_ picker: String, button: String = #"<button class="btn bag disabled" disabled>In die Einkaufstasche</button>"#) throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="de"><head><title>Rollkragenpullover</title></head><body>
            <h1>Rollkragenpullover</h1><span class="price">29,99 €</span><p>Art.-Nr. 0461327006</p>\(picker)\(button)</body></html>
            """
        return try TestSupport.draft(html, url: "https://shop.example.de/p/rollkragenpullover")
    }

    @Test func someSizesLeftIsInStockWhenTheButtonWaitsForASize() throws {
        let found = try draft("""
            <dl><dt>Grösse:</dt><dd><span>Größe wählen</span><ul class="options">
            <li class="soldOut"><a href="?v=1"><span>S</span></a></li><li class="soldOut"><a href="?v=2"><span>M</span></a></li>
            <li><a href="?v=3"><span>L</span></a></li></ul></dd></dl>
            """)
        #expect(found.availability == .inStock)
        #expect(found.sizes == ["S", "M", "L"])
    }

    /// Weekday's swatches each carry a "Sold out" line that CSS shows only on a sold-out colour, and its sold-out
    /// button is hidden by `u-display-none`: neither says the piece is gone.
    @Test func aSwatchsSoldOutLineAndAHiddenSoldOutButtonSayNothing() throws {
        let found = try draft("""
            <div class="m-swatches"><div class="a-swatch js-swatch" data-title="Blue"><button type="button" class="a-button-nostyle">
            <img alt="Blue"><span class="sold-out">Sold out</span></button></div></div>
            <button type="button" class="a-button is-primary availability-status-btn u-display-none"><span>Sold Out</span></button>
            """)
        #expect(found.availability == nil)
    }

    @Test func everySizeMarkedIsSoldOut() throws {
        let found = try draft("""
            <select name="size"><option value="">Größe wählen</option><option value="s">S – ausverkauft</option>
            <option value="m">M – ausverkauft</option></select>
            """)
        #expect(found.availability == .outOfStock)
        #expect(found.sizes == ["S", "M"])
    }

    @Test func aPickerThatMarksNoSizeSaysNothing() throws {
        // (A disabled add-to-bag right after it waits for a size: see BuyBoxDetailTests.)
        let found = try draft(#"<ul class="size-picker"><li><button>S</button></li><li><button>M</button></li></ul>"#, button: "")
        #expect(found.availability == nil)
        #expect(found.sizes == ["S", "M"])
    }

    /// Shops render the add button from a template whatever the stock; a size marked sold out is read from it.
    @Test func everySizeSoldOutSpeaksBeforeTheBuyButton() throws {
        let found = try draft(
            #"<ul class="size-picker"><li class="sold-out"><button>S</button></li><li class="sold-out"><button>M</button></li></ul>"#,
            button: #"<button class="add-to-cart">In den Warenkorb</button>"#)
        #expect(found.availability == .outOfStock)
        let some = try draft(
            #"<ul class="size-picker"><li class="sold-out"><button>S</button></li><li><button>M</button></li></ul>"#,
            button: #"<button class="add-to-cart">In den Warenkorb</button>"#)
        #expect(some.availability == .inStock)
    }
}
