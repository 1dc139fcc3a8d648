import Foundation
import ProductImport
import Testing

/// Salesforce's reference storefront: the availability block waits for a size in its text and states the stock in
/// `data-available`; colour buttons are labelled "Select Color Navy" under a "Color: Navy" caption of their own row.
@Suite struct StorefrontFlagTests {
    private func draft(availability: String = "", colors: String = "", related: String = "") throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="en"><head><title>Straight Leg Trouser | RefArch</title></head><body>
            <div class="product-detail" data-pid="25519318M"><h1 class="product-name">Straight Leg Trouser</h1>
            <div class="attributes">\(colors)\(availability)</div>
            <div class="prices"><div class="price"><span class="sales"><span class="value" content="79.00">$79.00</span></span></div></div>
            <button class="add-to-cart btn btn-primary" data-pid="25519318M" disabled>Add to Cart</button></div>\(related)</body></html>
            """
        return try TestSupport.draft(html, url: "https://refarch.example/s/RefArch/straight-leg-trouser/25519318M.html")
    }

    private func block(_ flag: String) -> String {
        """
        <div class="availability product-availability" data-ready-to-order="false" data-available="\(flag)">
        <label class="availability">Availability:</label><ul class="availability-msg"><li><div>Select Styles for Availability</div></li></ul></div>
        """
    }

    @Test func theAvailabilityBlocksFlagGivesTheStockWhileItsTextWaitsForASize() throws {
        #expect(try draft(availability: block("true")).availability == .inStock)
        #expect(try draft(availability: block("false")).availability == .outOfStock)
    }

    @Test func theBlocksWordsComeBeforeItsFlag() throws {
        let said = block("true").replacingOccurrences(of: "Select Styles for Availability", with: "Out of Stock")
        #expect(try draft(availability: said).availability == .outOfStock)
    }

    @Test func aFlagThatIsNeitherTrueNorFalseSaysNothing() throws {
        #expect(try draft(availability: block("null")).availability == nil)
    }

    @Test func aHiddenBlocksFlagSaysNothing() throws {
        let hidden = "<div hidden>" + block("false") + "</div>"
        #expect(try draft(availability: hidden).availability == nil)
    }

    @Test func aRecommendedProductsFlagSaysNothing() throws {
        let related = "<div class=\"recommendations\"><div class=\"product-tile\">" + block("false") + "</div></div>"
        #expect(try draft(related: related).availability == nil)
    }

    private let colorRow = """
        <div class="attribute"><span class="color non-input-label">Color: <span class="selected-swatch">Navy</span></span>
        <button class="color-attribute" aria-label="Select Color Navy"><span class="color-value swatch-circle selected"></span>
        <span class="sr-only selected-assistive-text">selected</span></button>
        <button class="color-attribute" aria-label="Select Color Khaki"><span class="color-value swatch-circle"></span></button></div>
        """

    @Test func buttonsUnderTheirRowsCaptionGiveTheColourAfterThePrompt() throws {
        let found = try draft(colors: colorRow)
        #expect(found.colors.map(\.name) == ["navy", "khaki"])
    }

    @Test func aRowWhoseCaptionNamesNoPickerGivesNoColours() throws {
        let row = colorRow.replacingOccurrences(of: "Color: ", with: "Share: ")
        #expect(try draft(colors: row).colors.isEmpty)
    }
}
