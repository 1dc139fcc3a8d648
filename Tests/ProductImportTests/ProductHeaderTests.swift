import Foundation
@testable import ProductImport
import Testing

/// Pages without structured data that head the product block with a `<header>`, post the article
/// number in the add-to-cart form, or show the buyer's currency beside a structured price in the seller's.
@Suite struct ProductHeaderTests {
    private func page(_ body: String, head: String = "") -> String {
        """
        <html lang="en"><head><title>Duprey 4-Light Lantern Pendant | Lampworks</title>\(head)</head><body>
        <header class="site-header"><a href="/">Lampworks</a><button class="header-cart">Cart</button></header>
        \(body)
        </body></html>
        """
    }

    private static let productBlock = """
        <div class="ProductDetailInfoBlock"><header class="ProductDetailInfoBlock-header"><h1>Duprey 4-Light Lantern Pendant</h1></header>
        <div class="price">$189.99</div></div>
        <form method="POST" action="/checkout/basket/add_and_show" id="form-add-to-cart"><input type="hidden" name="sku" value="J001109161"/>
        <div class="StickyContainer"><header class="StickyContainer-header"><button id="btn-add-to-cart" type="submit">Add to Cart</button></header></div></form>
        """

    @Test func aHeaderThatHoldsTheProductIsNotTheSitesHeader() throws {
        let draft = try TestSupport.draft(page(Self.productBlock), url: "https://www.lampworks.example/pdp/duprey-pendant.html")
        #expect(draft.name == "Duprey 4-Light Lantern Pendant")
        #expect(draft.availability == .inStock)
        #expect(draft.price == 189.99)
    }

    @Test func theSitesHeaderStaysChrome() throws {
        // The only add button sits in the site's header: it is the header's cart, not the product's stock.
        let body = """
            <header class="site-top"><button class="add-to-cart">Add to cart</button></header>
            <h1>Duprey 4-Light Lantern Pendant</h1><div class="price">$189.99</div><p>SKU: J001109161</p>
            """
        let draft = try TestSupport.draft(page(body), url: "https://www.lampworks.example/duprey-pendant.html")
        #expect(draft.availability == nil)
    }

    @Test func theAddToCartFormPostsTheArticleNumber() throws {
        let draft = try TestSupport.draft(page(Self.productBlock), url: "https://www.lampworks.example/pdp/duprey-pendant.html")
        #expect(draft.sku == "J001109161")
        // A search form's fields are not the product's.
        let search = Self.productBlock.replacingOccurrences(of: "/checkout/basket/add_and_show", with: "/search")
            .replacingOccurrences(of: "form-add-to-cart", with: "form-search")
        let other = try TestSupport.draft(page(search), url: "https://www.lampworks.example/pdp/duprey-pendant.html")
        #expect(other.sku == nil)
    }

    @Test func magentosAddToCartFormNamesTheProductInAnAttribute() throws {
        let body = """
            <h1>Duprey 4-Light Lantern Pendant</h1><div class="price">$189.99</div>
            <form data-product-sku="MH01-XS-Black" action="https://www.lampworks.example/checkout/cart/add/uenc/x/product/1/" method="post" id="product_addtocart_form">
            <button type="submit" class="action primary tocart">Add to Cart</button></form>
            """
        let draft = try TestSupport.draft(page(body), url: "https://www.lampworks.example/duprey-pendant.html")
        #expect(draft.sku == "MH01-XS-Black")
    }

    @Test func theBuyBoxsCurrencyOutweighsAStructuredPriceInTheSellersCurrency() throws {
        // Etsy's meta tags state the listing in dollars; the buy box shows what a buyer in Spain pays.
        let html = """
            <html lang="es"><head><title>Felpudo calabaza - Etsy España</title>
            <meta property="og:title" content="Felpudo calabaza"><meta property="og:type" content="product">
            <meta property="product:price:amount" content="48,00"><meta property="product:price:currency" content="USD"></head><body>
            <h1 data-buy-box-listing-title>Felpudo calabaza</h1>
            <div data-buy-box-region="price"><p class="wt-text-title-03">53,11 €</p></div>
            <button class="wt-btn wt-btn--filled" type="submit">Añadir al carro</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.etsy.com/es/listing/550571276/felpudo-calabaza")
        #expect(draft.price == 53.11)
        #expect(draft.currency == "EUR")
        #expect(draft.availability == .inStock)
    }

    /// A bare "$" is settled by the domain ("$" on amazon.ca is CAD), which says nothing against a price
    /// the structured data states in US dollars: the structured currency stays.
    @Test func aBareDollarInTheBuyBoxDoesNotOutweighTheStructuredCurrency() throws {
        let html = """
            <html lang="en"><head><title>Pumpkin doormat : Amazon.ca: Home</title>
            <meta property="og:title" content="Pumpkin doormat"><meta property="og:type" content="product">
            <meta property="product:price:amount" content="48.00"><meta property="product:price:currency" content="USD"></head><body>
            <span id="productTitle">Pumpkin doormat</span>
            <div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">$52.00</span></span></div>
            <input id="add-to-cart-button" type="submit" value="Add to Cart"></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.amazon.ca/dp/B0C1234567")
        #expect(draft.price == 48)
        #expect(draft.currency == "USD")
        #expect(CurrencyGuess.namesCurrency("53,11 €"))
        #expect(CurrencyGuess.namesCurrency("US$ 48.00"))
        #expect(!CurrencyGuess.namesCurrency("$48.00"))
        #expect(!CurrencyGuess.namesCurrency("299 kr"))
        #expect(!CurrencyGuess.namesCurrency("¥3,980"))
    }

    @Test(arguments: ["Añadir al carro", "Agregar al carrito", "Ajouter au sac", "Adicionar à sacola", "In winkelmand"])
    func buyWordsOfMoreShops(label: String) throws {
        let body = #"<h1>Duprey 4-Light Lantern Pendant</h1><div class="price">$189.99</div><button type="submit">\#(label)</button>"#
        let draft = try TestSupport.draft(page(body), url: "https://www.lampworks.example/duprey-pendant.html")
        #expect(draft.availability == .inStock)
    }
}
