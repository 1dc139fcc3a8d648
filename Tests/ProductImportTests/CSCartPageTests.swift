import Closet
import Foundation
import ProductImport
import Testing

/// A CS-Cart product page without its structured data, as cam4sell.com prints one: the riyal's letters and the amount
/// in spans of their own, and the shop's number after a bare "CODE:" label.
@Suite struct CSCartPageTests {
    static func page(code: String) -> String {
        """
        <html><head><title>Photography :: DSLR Cameras :: Nikon D3400 Kit 18-55 VR</title></head><body>
        <h1 class="ty-product-block-title">Nikon D3400 Kit 18-55 VR</h1>
        <div class="prices-container price-wrap"><div class="ty-product-block__price-actual">
        <span class="ty-price"><span class="ty-price-num">SR</span><span class="ty-price-num">1,550</span></span></div></div>
        <div class="ty-product-block__sku"><div class="ty-control-group ty-sku-item">\(code)</div></div>
        <span class="ty-qty-in-stock">In stock</span>
        <button class="ty-btn__primary ty-btn__add-to-cart" type="submit">Add to cart</button>
        </body></html>
        """
    }

    @Test func theRiyalsLettersBesideASplitAmountGiveThePrice() throws {
        let draft = try TestSupport.draft(Self.page(code: ""), url: "https://www.cam4sell.com/nikon-d3400-kit-18-55-vr/")
        #expect(draft.price == 1550)
        #expect(draft.currency == "SAR")
    }

    @Test func aBareCodeLabelGivesTheShopsNumber() throws {
        let html = Self.page(code: #"<label class="ty-control-group__label">CODE:</label><span class="ty-control-group__item">NIK-D3400KT</span>"#)
        #expect(try TestSupport.draft(html, url: "https://www.cam4sell.com/nikon-d3400-kit-18-55-vr/").sku == "NIK-D3400KT")
    }

    @Test func codeIsALabelOnlyAsARunOfItsOwn() throws {
        let html = Self.page(code: #"<p>Code promo SAVE20 on your first order</p><p>Code: <b>WELCOME10</b> at checkout</p><p><strong>Code:</strong> SUMMER20</p>"#)
        #expect(try TestSupport.draft(html, url: "https://www.cam4sell.com/nikon-d3400-kit-18-55-vr/").sku == nil)
    }

    @Test func frenchCodeLabelsNameTheArticle() throws {
        let html = Self.page(code: #"<span>Code article : 4470219</span>"#)
        #expect(try TestSupport.draft(html, url: "https://www.cam4sell.com/nikon-d3400-kit-18-55-vr/").sku == "4470219")
    }
}
