import Closet
import Foundation
import ProductImport
import Testing

/// A Yahoo! Store product page without structured data, as worldsoccershop.com prints one: the number in
/// `<div id="itemcode">`, the buy button a linked picture, one breadcrumb trail per category, each size's stock in its
/// option and the maker's logo below the description.
@Suite struct YahooStorePageTests {
    static let url = "http://www.worldsoccershop.com/84682.html"

    static func page(button: String = #"<a href="javascript:checkOrder();"><img border=0 src="http://img.example/Graphics/AddToCart.png"></a>"#,
                     maker: String = #"<img src="http://img.example/Graphics/Sections/manufacturer/lotto.gif" alt="Lotto Logo"><p>This is an official Lotto product.</p>"#,
                     code: String = #"<div id="itemcode">#84682</div>"#) -> String {
        """
        <html><head><title>Lotto Zhero Gravity VI 700 TX Junior (black/fluo blue) - worldsoccershop.com</title></head><body>
        <div class="item_bread_crumbs" id="bread_crumbs">
        <div class="path2"><a href="departments.html">Departments</a> > <a href="departments-footwear.html">Footwear</a> > <a href="departments-footwear-lotto.html">Lotto</a></div>
        <div class="path2"><a href="departments.html">Departments</a> > <a href="departments-sale.html">Sale</a> > <a href="departments-sale-under-30.html">Less than $30</a></div>
        </div>
        <h1>Lotto Zhero Gravity VI 700 TX Junior (black/fluo blue)</h1>
        <div id="item_info_top">\(code)<h2>Lotto Zhero Gravity VI 700 TX Junior (black/fluo blue)</h2>
        <div id="item_price"><div class="strike_price">$54.99</div><div class="sale_price">$24.99</div></div></div>
        <form method="POST" action="http://order.store.yahoo.net/cgi-bin/wg-order" name="frmOrder">Select Size
        <select name="vwattr0_Size" id="selSize"><option value="Please choose:">Please choose:</option>
        <option value="1 [Low Stock]">1 [Low Stock]</option><option value="3.5 [In Stock]">3.5 [In Stock]</option></select></form>
        <div id="item_order_button">\(button)</div>
        <div id="caption">UPPER: Soft synthetic leather upper</div>\(maker)
        </body></html>
        """
    }

    @Test func aLinkedPictureNamedAddToCartIsTheBuyButton() throws {
        let draft = try TestSupport.draft(Self.page(code: ""), url: Self.url)
        #expect(draft.price == 24.99)
        #expect(draft.availability == .inStock)
    }

    @Test func withoutTheButtonNorANumberThePageIsNoProduct() {
        #expect(throws: ImportError.self) {
            try TestSupport.draft(Self.page(button: #"<a href="/help.html"><img src="http://img.example/Graphics/help.png"></a>"#, code: ""), url: Self.url)
        }
    }

    @Test func theItemCodeElementGivesTheNumber() throws {
        #expect(try TestSupport.draft(Self.page(), url: Self.url).sku == "84682")
    }

    @Test func anItemCodeInAnotherProductsTileIsNotThisOnes() throws {
        let tile = #"<div class="related-products"><div id="itemcode">#99999</div></div>"#
        #expect(try TestSupport.draft(Self.page(code: tile), url: Self.url).sku == nil)
    }

    @Test(arguments: [
        #"<img src="http://img.example/manufacturer/lotto.gif" alt="Lotto Logo">"#,
        #"<p>This is an official Lotto product.</p>"#,
    ])
    func theMakersLogoOrOfficialLineConfirmsTheBrandTheNameStartsWith(maker: String) throws {
        #expect(try TestSupport.draft(Self.page(maker: maker), url: Self.url).brand == "Lotto")
    }

    @Test func aLogoNamingAnotherWordIsNoBrand() throws {
        let maker = #"<img src="http://img.example/visa.gif" alt="Visa Logo"><p>This is an official Visa product.</p>"#
        #expect(try TestSupport.draft(Self.page(maker: maker), url: Self.url).brand != "Visa")
    }

    @Test func theFirstBreadcrumbTrailGivesTheCategory() throws {
        let draft = try TestSupport.draft(Self.page(), url: Self.url)
        #expect(draft.category == .shoes)
    }

    @Test func aSizesStockNoteIsNotPartOfTheSize() throws {
        #expect(try TestSupport.draft(Self.page(), url: Self.url).sizes == ["1", "3.5"])
    }

    @Test(arguments: ["Soft synthetic leather upper", "Faux leather jacket", "Kunstleder Jacke", "Veste en simili cuir", "Borsa in ecopelle"])
    func imitationLeatherIsNoLeather(name: String) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).material == nil, "\(name)")
    }
}
