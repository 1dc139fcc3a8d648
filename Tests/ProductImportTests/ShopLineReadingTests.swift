import Closet
import Foundation
@testable import ProductImport
import Testing

/// Lines older shops print beside their structured data or instead of it: a SKU line naming the maker before the
/// model (christmascentral.com), a microdata price whose `priceCurrency` names no currency (gsm-komplekt.com), and
/// goods the keyword rules took for clothing (a patio umbrella, jewellery wire).
@Suite struct ShopLineReadingTests {
    static func page(_ body: String) -> String {
        """
        <html><head><title>9' Crank Tilt Patio Market Umbrella - Christmas Central</title></head><body>
        <h1>9' Crank Tilt Patio Market Umbrella - Black: Black Forest Green</h1><span class="price">$174.99</span>
        <input type="submit" value="Add to Cart">\(body)</body></html>
        """
    }

    @Test func aSKULineWithTheMakerBeforeTheModelIsTheWholeLine() throws {
        let html = Self.page("<p>This is brand new, perfect, first quality merchandise.</p>SKU: Treasure Garden UM9109-3462<br>")
        #expect(try TestSupport.draft(html, url: "http://www.christmascentral.com/p-28050-umbrella.aspx").sku == "Treasure Garden UM9109-3462")
    }

    @Test func aSKULineOfWordsOnlyIsNoNumber() throws {
        let html = Self.page("SKU: Ask Our Staff<br>")
        #expect(try TestSupport.draft(html, url: "http://www.christmascentral.com/p-28050-umbrella.aspx").sku != "Ask Our Staff")
    }

    @Test func aMicrodataPriceShownWithItsSignSettlesABadCurrencyCode() throws {
        let html = """
            <html><head><title>Аккумулятор BL-44JN</title></head><body><div itemscope itemtype="http://schema.org/Product">
            <h1 itemprop="name">Аккумулятор BL-44JN для LG C660</h1><div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
            <meta content="UAN" itemprop="priceCurrency"><span content="253" itemprop="price" class="totalPrice">253.0 грн</span>
            <link itemprop="availability" href="http://schema.org/InStock"></div></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "http://gsm-komplekt.com/product/30317/")
        #expect(draft.price == 253)
        #expect(draft.currency == "UAH")
    }

    @Test(arguments: [
        ("9' Crank Tilt Patio Market Umbrella - Black", "furniture"), ("Sonnenschirm Ampelschirm 3 m", "furniture"),
        ("Ombrellone da giardino 3x3", "furniture"), ("Copper Jewelry Wire, Mixed Color, 0.4mm", "craft supplies"),
        ("Glass Seed Beads 12/0", "craft supplies"),
    ])
    func goodsThatHoldAGarmentWord(name: String, kind: String) {
        TestSupport.expectGoods(name, kind)
    }

    @Test(arguments: ["Compact Travel Umbrella", "Silver Wire Bracelet", "Beaded Necklace"])
    func accessoriesStayAccessories(name: String) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).category == .accessory, "\(name)")
    }
}

extension ShopLineReadingTests {
    static let jelly = """
        <html><head><title>Shisler's Private Label Dandelion Jelly: A Unique Local Flavor</title>
        <meta property="og:title" content="Shisler's Private Label Dandelion Jelly: A Unique Local Flavor" />
        <meta property="og:image" content="http://www.cheesehouse.com/images/products/thumb/jelly.jpg" /></head><body>
        <h1>Shisler's Private Label Dandelion Jelly (18 Oz.)</h1><span class="price">$4.99</span>
        <input type="submit" value="Add to Cart"></body></html>
        """

    @Test func aShareTitlesTaglineGivesWayToTheHeading() throws {
        #expect(try TestSupport.draft(Self.jelly, url: "http://www.cheesehouse.com/shislers-dandelion-jelly.aspx").name
            == "Shisler's Private Label Dandelion Jelly (18 Oz.)")
    }

    @Test func aShareTitleWithABrandBeforeAColonKeepsItsName() {
        #expect(!ProductExtractor.addsATagline("Levi's: 501 Original Jeans", "Levi's"))
        #expect(!ProductExtractor.addsATagline("Dave Holland: Prism", "Dave Holland Prism"))
    }
}
