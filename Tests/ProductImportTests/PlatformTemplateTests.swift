import Foundation
import ProductImport
import Testing

/// Pages in the shape of open-source shop platforms' own product templates, without structured data:
/// nopCommerce's "Old price:" line and starred attribute captions, Solidus's variant labels and properties table.
@Suite struct PlatformTemplateTests {
    /// nopCommerce's `_ProductPrice` and `_ProductAttributes` partials, in the 4.x class names.
    private let nopCommercePage = """
        <html lang="en"><head><title>Waxed Field Jacket. Northwind Outfitters</title></head><body><div class="page product-details-page">
        <div class="product-name"><h1>Waxed Field Jacket</h1></div>
        <div class="manufacturers"><span class="label">Manufacturer:</span><span class="value"><a href="/barbour">Barbour</a></span></div>
        <div class="attributes"><dl>
        <dt id="product_attribute_label_71"><label class="text-prompt">Size</label><span class="required">*</span></dt>
        <dd id="product_attribute_input_71"><select data-attr="71" name="product_attribute_71" id="product_attribute_71">
        <option data-attr-value="188" value="188">S</option><option data-attr-value="189" value="189">M</option>
        <option data-attr-value="190" value="190">L</option></select></dd></dl></div>
        <div class="prices"><div class="old-product-price"><span>Old price:</span><span>$189.00</span></div>
        <div class="product-price"><label for="price-value-44">Price:</label><span id="price-value-44" class="price-value-44">$149.00</span></div></div>
        <div class="add-to-cart"><div class="add-to-cart-panel"><button type="button" id="add-to-cart-button-44" class="button-1 add-to-cart-button">Add to cart</button></div></div>
        </div></body></html>
        """

    @Test func theOldPriceLineIsNotThePriceToPay() throws {
        let draft = try TestSupport.draft(nopCommercePage, url: "https://shop.example/waxed-field-jacket")
        #expect(draft.price == 149)
        #expect(draft.currency == "USD")
    }

    @Test func aRequiredFieldsStarLeavesTheCaptionASizeCaption() throws {
        let draft = try TestSupport.draft(nopCommercePage, url: "https://shop.example/waxed-field-jacket")
        #expect(draft.sizes == ["S", "M", "L"])
    }

    /// Solidus's classic frontend: one radio label per variant, some marked "Out of Stock", and a properties table.
    private func solidusPage(properties: String) -> String {
        """
        <html lang="en"><head><title>Linen Camp Collar Shirt - Harbor Supply Co.</title></head><body>
        <div id="product-description"><h1 class="product-title">Linen Camp Collar Shirt</h1></div>
        <table id="product-properties" class="table-display"><tbody>\(properties)</tbody></table>
        <form action="/orders/populate" method="post"><div id="product-variants"><ul>
        <li><input type="radio" name="variant_id" id="variant_id_118" value="118" checked="checked"><label for="variant_id_118">
        <span class="variant-description">Size: S, Color: Sand</span></label></li>
        <li><input type="radio" name="variant_id" id="variant_id_121" value="121"><label for="variant_id_121">
        <span class="variant-description">Size: XL, Color: Sand</span><span class="out-of-stock">Out of Stock</span></label></li>
        </ul></div>
        <div id="product-price"><span class="price selling">$68.00</span></div>
        <div class="add-to-cart"><button name="button" type="submit" id="add-to-cart-button">Add To Cart</button></div></form></body></html>
        """
    }

    @Test func oneVariantsOutOfStockLineInItsLabelLeavesTheProductInStock() throws {
        let draft = try TestSupport.draft(solidusPage(properties: ""), url: "https://shop.example/products/linen-camp-collar-shirt")
        #expect(draft.availability == .inStock)
    }

    @Test func aManufacturerRowGivesTheBrandWhenNoRowNamesOne() throws {
        let row = "<tr><td><strong>Manufacturer</strong></td><td>Harbor &amp; Pine</td></tr><tr><td><strong>Fabric</strong></td><td>Linen</td></tr>"
        let draft = try TestSupport.draft(solidusPage(properties: row), url: "https://shop.example/products/linen-camp-collar-shirt")
        #expect(draft.brand == "Harbor & Pine")
    }

    @Test func aBrandRowOutweighsAManufacturerRowAboveIt() throws {
        let rows = "<tr><td><strong>Manufacturer</strong></td><td>Lin Textiles Ltd</td></tr><tr><td><strong>Brand</strong></td><td>Harbor &amp; Pine</td></tr>"
        let draft = try TestSupport.draft(solidusPage(properties: rows), url: "https://shop.example/products/linen-camp-collar-shirt")
        #expect(draft.brand == "Harbor & Pine")
    }
}
