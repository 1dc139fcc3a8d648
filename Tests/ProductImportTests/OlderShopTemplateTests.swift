import Foundation
import HTML
@testable import ProductImport
import Testing

/// What older shop templates (Magento 1, BigCommerce's first themes, osCommerce, Sitecore shops) print around the buy
/// box, as the saved pages from Dubai and Egypt in the twentieth round show it.
@Suite struct OlderShopTemplateTests {
    @Test func aStockLabelInBoldIsFollowedByTheState() throws {
        let html = """
            <html><head><title>Casio Edifice EFV-510D Men's Watch</title></head><body><h1>Casio Edifice EFV-510D Men's Watch</h1>
            <div class="product-price"><strong id="mainPrice" class="new-price">AED 315</strong>
            <span class="para"><strong>Availability: </strong>In stock<br/><span class="small">SKU: EFV-510D-2AVUDF</span></span></div>
            </body></html>
            """
        let draft = try TestSupport.draft(html, url: "http://www.letstango.com/product/casio-edifice-efv-510d")
        #expect(draft.availability == .inStock)
        #expect(draft.sku == "EFV-510D-2AVUDF")
        #expect(draft.price == 315 && draft.currency == "AED")
    }

    @Test(arguments: [("Verfügbarkeit:", "Ausverkauft", Availability.outOfStock), ("Disponibilité :", "En stock", .inStock), ("Stock", "Sold out", .outOfStock)])
    func aStockLabelInAnyLanguageIsFollowedByTheState(label: String, state: String, availability: Availability) throws {
        let html = """
            <html><body><h1>Merino Beanie</h1><p class="price">€25.00</p><p><b>\(label)</b> \(state)</p></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie").availability == availability)
    }

    @Test(arguments: [("67", Availability.inStock), ("0", .outOfStock)])
    func aCountAfterAStockLabelSaysTheState(count: String, availability: Availability) throws {
        let html = """
            <html><body><h1>Merino Beanie</h1><p class="price">€25.00</p>
            <div class="DetailRow"><div class="Label">Current Stock:</div><div class="Value"><span class="VariationProductInventory"> \(count) </span></div></div>
            </body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie").availability == availability)
    }

    @Test func aPictureAsTheAddToCartButtonSellsTheArticle() throws {
        let html = """
            <html><head><title>3 Fruits</title></head><body><h2>3 Fruits</h2><div class="Label">Price:</div>
            <em class="ProductPrice VariationProductPrice">L.E 12.00</em>
            <input type="image" src="http://cdn.example.com/templates/images/AddCartButton.gif?t=1467111790" alt="">
            <input type="image" src="http://cdn.example.com/templates/images/WishlistButton.gif" alt="Add to Wish List"></body></html>
            """
        let draft = try TestSupport.draft(html, url: "http://www.herobabystore.com/3-fruits-3/")
        #expect(draft.availability == .inStock)
        #expect(draft.price == 12 && draft.currency == "EGP")
    }

    /// An ASP shop's buy link is a picture only: its name says "Add to Shopping Cart", its alt text "Buy!". The total is written
    /// by a script, so the page shows no price; the product still imports, without one.
    @Test func aPictureLinkAsTheAddToCartButtonSellsTheArticle() throws {
        let html = """
            <html><head><title>Mozzarella fiordilatte (without salt)</title></head><body><h2 align="center">Mozzarella fiordilatte (without salt)</h2>
            <form method="post" action="/prodotti_gestione/wverre.asp"><select name="peso"><option>250 gr</option><option>500 gr</option></select>
            <b>Eur</b><input type="text" name="totaleuro">
            <a href="javascript:avviso();document.forms[0].submit();"><img border="0" name="Add to Shopping Cart" src="../images/sinew_eng.gif" alt="Buy!"></a>
            <a href="javascript:chiudi_finestra();"><img border="0" name="no" src="../images/nonew_eng.gif" alt="No Buy!"></a></form></body></html>
            """
        let url = "http://www.mozzarelle-gioia.it/products/mozzarella_desalinizzata.asp"
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.name == "Mozzarella fiordilatte (without salt)")
        #expect(draft.availability == .inStock)
        #expect(draft.price == nil)
        // A picture link that names no buying sells nothing.
        let noBuy = html.replacingOccurrences(of: #"name="Add to Shopping Cart" "#, with: "")
        #expect(throws: ImportError.self) { try TestSupport.draft(noBuy, url: url) }
    }

    @Test(arguments: ["Add to Shopping Cart", "Add to shopping bag"])
    func aShoppingCartButtonSells(label: String) throws {
        let html = "<html><body><h1>Merino Beanie</h1><p class=\"price\">€25.00</p><button>\(label)</button></body></html>"
        #expect(try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie").availability == .inStock)
    }

    /// IKEA Egypt sells nothing online: its only button adds to a shopping list, though its id says `addToCartBtn`.
    @Test(arguments: ["Add to shopping list", "Add to Wish List", "Auf die Wunschliste", "Ajouter à ma liste d'envies"])
    func aListButtonSellsNothing(label: String) throws {
        let html = """
            <html><body><h1>MOSHULT Foam mattress</h1><p class="price">EGP 2,195.00</p><div class="buttonContainer">
            <a href="javascript:void(0);" class="orangeBtn"><input id="addToCartBtn" type="submit" value="\(label)"/></a></div>
            <button class="btn add-to-cart">Add to cart</button></body></html>
            """
        // The live add-to-cart still sells; without it the list button alone says nothing.
        #expect(try TestSupport.draft(html, url: "http://www.ikea.com/eg/en/catalog/products/00302502/").availability == .inStock)
        let listOnly = html.replacingOccurrences(of: #"<button class="btn add-to-cart">Add to cart</button>"#, with: "")
        #expect((try? TestSupport.draft(listOnly, url: "http://www.ikea.com/eg/en/catalog/products/00302502/"))?.availability == nil)
    }

    @Test func aSearchPictureButtonSellsNothing() {
        let html = """
            <html><body><h1>Merino Beanie</h1><p class="price">€25.00</p><form action="/search"><input type="image" src="/img/search.png" alt="Search"></form></body></html>
            """
        // Without a buy button the heading and price alone make no product page.
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie") }
    }

    @Test func theShopsOwnLogoAboveTheNameIsNoBrand() throws {
        let html = """
            <html><head><title>Edifice EFV-510D Men's Watch</title></head><body><div id="brand-logo"><a href="/"><img src="/logo.png" alt="Let's Tango"></a></div>
            <h1>Edifice EFV-510D Men's Watch</h1><strong class="price">AED 315</strong><button class="btn add-to-cart">Add to Cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "http://www.letstango.com/product/casio-edifice-efv-510d")
        #expect(draft.brand != "Let's Tango")
    }

    @Test func aShopsProductCodeMetaIsTheIdentifier() throws {
        let html = """
            <html><head><meta name="prodCode" content="31273"><meta property="og:title" content="Activelle Pure White AP Spray"></head>
            <body><h1>Activelle Pure White AP Spray</h1><span class="price" itemprop="price">LE 79</span><button>Add to Bag</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://eg.oriflame.com/en/products/product?code=31273")
        #expect(draft.sku == "31273")
        #expect(draft.currency == "EGP")
    }

    /// Oriflame's analytics object says "EUR" beside the price it prints as "LE 79".
    @Test func theShownPriceTextsSignOutranksAnAnalyticsCurrency() throws {
        let html = """
            <html><head><script>window.dataLayer.push({"products": [{"id": "31273", "name": "Activelle Pure White AP Spray",
            "brand": "Activelle", "category": "Body Care", "image": "https://media.example/31273.jpg", "priceText": "LE 79", "price": "79.00",
            "currency": "EUR",}]});</script></head>
            <body><h1>Activelle Pure White AP Spray</h1></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://eg.oriflame.com/en/products/product?code=31273")
        #expect(draft.price == 79)
        #expect(draft.currency == "EGP")
    }

    @Test func aRegionAfterTheSiteNameIsNoPartOfTheBrand() {
        let metas = [HTMLTag(name: "meta", attributes: [HTMLAttribute(name: "property", value: "og:site_name"), HTMLAttribute(name: "content", value: "Hero MEA Store")])]
        #expect(ShopBrand.brand(from: metas, host: "www.herobabystore.com") == "Hero")
    }

    /// IKEA's Egyptian shop names its country and language: "IKEA EG/EN".
    @Test(arguments: [("IKEA EG/EN", "IKEA"), ("COS DE", "COS"), ("Muji CH-FR", "Muji"), ("Studio 54/55", "Studio 54/55"), ("AB InBev", "AB InBev")])
    func aCountryAndLanguageAfterTheSiteNameAreNoPartOfTheBrand(siteName: String, brand: String) {
        let metas = [HTMLTag(name: "meta", attributes: [HTMLAttribute(name: "property", value: "og:site_name"), HTMLAttribute(name: "content", value: siteName)])]
        #expect(ShopBrand.brand(from: metas, host: "www.shop.example") == brand)
    }
}
