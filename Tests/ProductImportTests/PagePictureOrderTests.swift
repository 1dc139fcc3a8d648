import Foundation
@testable import ProductImport
import Testing

/// Which of a page's own pictures leads, when the page has no structured image.
@Suite struct PagePictureOrderTests {
    /// A Magento 1 page as musikdreiklang.de's: the product's picture has no width attribute, and a sidebar banner
    /// further down states its width. The page reader's ranking (the gallery first) is kept.
    static let page = """
        <html><head><title>Yamaha YDP-S52 B Digitalpiano</title></head><body class="catalog-product-view">
        <div class="product-view"><div class="product-name"><h1>Yamaha YDP-S52 B Digitalpiano</h1></div>
        <div class="price-box"><span class="regular-price"><span class="price">999,00 €</span></span></div>
        <p class="availability in-stock">Verfügbarkeit: <span>Auf Lager</span></p>
        <button class="button btn-cart" title="In den Warenkorb">In den Warenkorb</button>
        <div class="product-img-box"><p class="product-image product-image-zoom">
        <img id="image" src="/media/catalog/product/y/d/ydps52b.jpg" alt="Yamaha YDP-S52 B Digitalpiano"></p></div>
        </div>
        <div class="col-right sidebar"><div class="block-content"><p>
        <a href="/taylor"><img src="/media/wysiwyg/Taylor_Guitars_Circular_BW.jpg" width="195" height="150" alt="taylor"></a>
        </p></div></div></body></html>
        """

    @Test func theGalleryPictureLeadsOverAWiderBannerFurtherDown() throws {
        let draft = try TestSupport.draft(Self.page, url: "https://www.musikdreiklang.de/yamaha-ydp-s52-b-digitalpiano-2207.html")
        #expect(draft.images.first?.absoluteString == "https://www.musikdreiklang.de/media/catalog/product/y/d/ydps52b.jpg")
    }

    @Test func standInPicturesAndControlsAreNoPictures() throws {
        let page = Self.page
            .replacingOccurrences(of: "/media/catalog/product/y/d/ydps52b.jpg", with: "/images/browse/no-image-available-v4.png")
            .replacingOccurrences(of: "/media/wysiwyg/Taylor_Guitars_Circular_BW.jpg", with: "/assets/img/arrow-up.png")
        let draft = try TestSupport.draft(page, url: "https://www.musikdreiklang.de/yamaha-ydp-s52-b-digitalpiano-2207.html")
        #expect(draft.images.isEmpty)
    }

    @Test(arguments: [
        ("https://cdn.example/img/no-image-available-v4.png", true), ("https://cdn.example/img/arrow-right.png", true),
        ("https://cdn.example/assets/loading_lg.jpg", true), ("https://cdn.example/p/noimage.jpg?w=300", true),
        ("https://cdn.example/arrow-shirt/arrow-shirt-front.jpg", false), ("https://cdn.example/arrow-shirt/front.jpg", false),
        ("https://cdn.example/products/no-limits-hoodie.jpg", false), ("https://cdn.example/p/blanket-grey.jpg", false),
    ])
    func standInFilesAreToldByTheirName(url: String, standIn: Bool) {
        #expect(PageExtractor.isStandIn(file: url) == standIn)
    }
}
