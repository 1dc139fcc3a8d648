import Foundation
import ProductImport
import Testing

/// Other products' prices and pictures under a heading that names them ("Related Products"), crossed-out
/// prices drawn by an inline style, and the price before tax that some shops print under the one to pay.
@Suite struct OtherProductBlockTests {
    /// OpenCart's default product layout, in its own words.
    private func openCartPage(related heading: String = "Related Products") -> String {
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="UTF-8" /><title>Women's Linen Shirt</title></head><body>
        <div id="product-product" class="container"><div class="row"><div id="content" class="col-sm-12"><div class="row">
        <div class="col-sm-8"><ul class="thumbnails"><li><a class="thumbnail" href="https://shop.example/image/cache/catalog/linen-white-500x500.jpg" title="Women's Linen Shirt">
        <img src="https://shop.example/image/cache/catalog/linen-white-228x228.jpg" title="Women's Linen Shirt" alt="Women's Linen Shirt" /></a></li></ul></div>
        <div class="col-sm-4"><h1>Women's Linen Shirt</h1>
        <ul class="list-unstyled"><li>Brand: <a href="https://shop.example/index.php?route=product/manufacturer/info&amp;manufacturer_id=11">Linea Verde</a></li>
        <li>Product Code: LV-2231-WH</li><li>Availability: In Stock</li></ul>
        <ul class="list-unstyled"><li><span style="text-decoration: line-through;">$79.00</span></li><li><h2>$59.00</h2></li><li>Ex Tax: $49.17</li></ul>
        <button type="button" id="button-cart" class="btn btn-primary btn-lg btn-block">Add to Cart</button></div></div>
        <h3>\(heading)</h3><div class="row"><div class="col-xs-6 col-sm-3"><div class="product-thumb transition">
        <div class="image"><a href="https://shop.example/linen-trousers"><img src="https://shop.example/image/cache/catalog/linen-trousers-200x200.jpg" alt="Linen Trousers" class="img-responsive" /></a></div>
        <div class="caption"><h4><a href="https://shop.example/linen-trousers">Linen Trousers</a></h4><p class="price">$69.00<span class="price-tax">Ex Tax: $57.50</span></p></div>
        </div></div></div></div></div></div></body></html>
        """
    }

    @Test(arguments: ["Related Products", "You may also like", "Ähnliche Produkte", "Vous aimerez aussi", "관련 상품", "猜你喜歡"])
    func theBuyBoxPriceIsReadNotTheCrossedOutNetOrRelatedOnes(heading: String) throws {
        let draft = try TestSupport.draft(openCartPage(related: heading), url: "https://shop.example/womens-linen-shirt")
        #expect(draft.price == 59)
        #expect(draft.currency == "USD")
        #expect(draft.brand == "Linea Verde")
        #expect(draft.sku == "LV-2231-WH")
        #expect(draft.availability == .inStock)
    }

    @Test func aThumbnailLinkedToItsFullSizeFileGivesTheFileAndOtherProductsPicturesAreLeftOut() throws {
        let draft = try TestSupport.draft(openCartPage(), url: "https://shop.example/womens-linen-shirt")
        #expect(draft.images.map(\.absoluteString) == ["https://shop.example/image/cache/catalog/linen-white-500x500.jpg"])
    }

    @Test func aHeadingAboveTheProductNameOpensNoBlockOfOtherProducts() throws {
        // The heading and the name share one wrapper: the block would hold the product itself.
        let html = """
            <html lang="en"><head><title>Wool Scarf</title></head><body><main><h2>You may also like our new arrivals</h2>
            <h1>Wool Scarf</h1><span class="price">€39.00</span><button>Add to cart</button></main></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shop.example/wool-scarf")
        #expect(draft.price == 39)
    }

    @Test(arguments: ["Excl. Tax: €41.32", "Ex VAT £41.32", "zzgl. MwSt.", "Netto: 41,32 €", "Prix HT : 41,32 €"])
    func aPriceBeforeTaxUnderThePriceToPayIsNotIt(line: String) throws {
        let html = """
            <html lang="en"><head><title>Wool Scarf</title></head><body><h1>Wool Scarf</h1>
            <div class="price-box"><span class="price-including-tax"><span class="price">€50.00</span></span>
            <span class="price-excluding-tax"><span class="price">\(line)</span></span></div><button>Add to cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shop.example/wool-scarf")
        #expect(draft.price == 50, "\(line)")
    }
    @Test func aTableCellClassedAsATitleHeadsABlockOfOtherProducts() throws {
        // Older shops lay the page out in tables and head the related items with a styled cell, not a heading.
        let html = """
            <html lang="en"><head><title>Glow Roller Set</title></head><body><table><tr><td><h1>Glow Roller Set</h1>
            <div id="price" class="price">$10.99</div><form><input type="submit" value="Add to Cart"></form></td></tr>
            <tr><td class="titles">Related Items</td></tr><tr><td><a href="/mini-roller">Mini Roller</a>
            <table><tr><td class="price2">On sale: $2.80</td></tr></table></td></tr></table></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shop.example/glow-roller-set")
        #expect(draft.price == 10.99)
    }
}
