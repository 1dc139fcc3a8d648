import Closet
import Foundation
@testable import ProductImport
import Testing

/// Wording found on small shops' pages: a loyalty voucher's value, a brand link's "More from", an artist credited
/// before a colon, and a record's format.
@Suite struct ShopWordingTests {
    /// PrestaShop's loyalty module sits above the price box: "a voucher of £0.20" is not the price.
    @Test func aLoyaltyVouchersValueIsNoPrice() throws {
        let page = """
            <html><head><title>Beyonce Surfboard Sweatshirt</title></head><body><h1>Beyonce Surfboard Sweatshirt</h1>
            <p id="loyalty">By buying this product you can collect up to <b><span id="loyalty_points">1</span> loyalty point</b>.
            Your cart will total <b>1 point</b> that can be converted into a voucher of <span id="loyalty_price">£ 0.20</span>.</p>
            <div class="content_prices"><div class="price"><p class="our_price_display"><span id="our_price_display">£ 19.99</span></p></div></div>
            <button type="submit" name="Submit"><span>Add to cart</span></button></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://stylelocker.co.uk/sweatshirts/132-beyonce-surfboard-sweatshirt.html")
        #expect(draft.price == 19.99)
        #expect(draft.currency == "GBP")
    }

    /// jpc.de's buy box: the old price in a classed block inside the price's container, the new one bare; another
    /// edition's tile further down states its own price.
    @Test func aPriceBoxWhoseOnlyLabelledPartIsTheOldPriceGivesTheNewOne() throws {
        let page = """
            <html><head><title>Dave Holland: Prism (CD)</title></head><body><h2 class="page-title">Dave Holland: Prism</h2>
            <div class="box price-action"><div class="availability">Artikel am Lager</div>
            <div class="price"><div class="old-price">EUR 8,99**</div><strong><span>EUR 6,99</span>*</strong></div>
            <button class="btn to-cart" data-price="6.99">In den Warenkorb</button></div>
            <div class="box"><div class="foot"><div class="medium">CD</div><div class="price"><strong>EUR 7,99*</strong></div></div></div>
            </body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://www.jpc.de/jpcng/jazz/detail/-/art/Dave-Holland-Prism/hnum/1537284")
        #expect(draft.price == 6.99)
        #expect(draft.currency == "EUR")
    }

    /// pharao24.de's add-to-cart is a picture classed as the button inside a `div type="button"`.
    @Test(arguments: [("in den Warenkorb", Availability.inStock), ("Ausverkauft", .outOfStock)])
    func aPictureClassedAsTheButtonSpeaksWithItsAltText(alt: String, availability: Availability) throws {
        let draft = try TestSupport.draft(Self.sofa(alt: alt), url: "http://www.pharao24.de/eckcouch-mary.html")
        #expect(draft.availability == availability)
        #expect(draft.price == 729)
    }

    /// A picture button that names no buying (a share button) makes no buy box: with nothing else, no product.
    @Test func aPictureButtonThatSaysNothingOfBuyingIsNoBuyBox() {
        #expect(throws: ImportError.self) { try TestSupport.draft(Self.sofa(alt: "Facebook"), url: "http://www.pharao24.de/eckcouch-mary.html") }
    }

    static func sofa(alt: String) -> String {
        """
            <html><head><title>Eckcouch MARY</title></head><body><h1 class="product-name">Eckcouch mit Schlaffunktion grau MARY</h1>
            <div class="price-box"><span class="regular-price"><span class="price">729,00 €</span></span></div>
            <form id="product_addtocart_form"><div type="button" title="\(alt)" class="inWK">
            <img src="/skin/images/inWK.png" alt="\(alt)" class="inWK button btn-cart"/></div></form></body></html>
            """
    }

    /// CS-Cart titles its pages with the category path, the product last, and its share title starts at "Home".
    @Test func aTitleThatIsAPathLeavesTheNameToTheHeading() throws {
        let page = """
            <html><head><title>Photography :: DSLR Cameras :: Nikon D3400 Kit 18-55 VR + 16GB C10 + BAG</title>
            <meta property="og:title" content="Home :: Photography :: DSLR Cameras :: Nikon D3400 Kit 18-55 VR  + 16GB C10 + BAG" />
            </head><body><div class="ty-breadcrumbs"><a href="/">Home</a> / <a href="/photography/">Photography</a></div>
            <h1 class="ty-product-block-title">Nikon D3400 Kit 18-55 VR  + 16GB C10 + BAG</h1>
            <span class="ty-price">SAR 1,550.00</span>
            <button class="ty-btn__add-to-cart" type="submit">Add to cart</button>
            <h1 class="ty-mainbox-title"><span>Photography accessories</span></h1></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://www.cam4sell.com/photography/dslr-cameras/nikon-d3400-kit/")
        #expect(draft.name == "Nikon D3400 Kit 18-55 VR + 16GB C10 + BAG")
        #expect(draft.brand == "Nikon")
    }

    @Test(arguments: [
        ("Home :: Photography :: Nikon D3400", "Nikon D3400", true), ("Shoes > Boots > Chelsea Boot", "Chelsea Boot", true),
        ("Acme Chelsea Boot", "Chelsea Boot", false), ("Nikon D3400 :: Photography", "Nikon D3400", false),
    ])
    func aPathEndsInTheHeading(title: String, heading: String, ends: Bool) {
        #expect(ProductExtractor.endsAPath(title, heading) == ends)
    }

    @Test(arguments: [
        ("Mehr von Müllermöbel", "Müllermöbel"), ("More from Acme Outdoor", "Acme Outdoor"), ("Alle Produkte von Tchibo", "Tchibo"),
        ("Más de Desigual", "Desigual"), ("Meer van Rituals", "Rituals"),
    ])
    func aBrandLinksOwnWordsAreLeftOut(text: String, brand: String) {
        #expect(BrandText.brand(in: text) == brand)
    }

    @Test func anArtistBeforeTheColonIsCreditedWhole() {
        let description = "Die CD Dave Holland: Prism jetzt probehören und für 6,99 Euro kaufen. Mehr von Dave Holland (geb. 1946) gibt es im Shop."
        #expect(CreditedBrand.brand(inName: "Dave Holland: Prism", description: description) == "Dave Holland")
    }

    @Test(arguments: ["Dave Holland: Prism auf CD", "Kind of Blue (album CD)", "Abbey Road sur CD", "Rumours on vinyl"])
    func aRecordsFormatSaysFilmOrMusic(name: String) {
        TestSupport.expectGoods(name, "film or music")
    }
}
