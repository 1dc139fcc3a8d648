import Foundation
import ProductImport
import Testing

/// Reading the visible page when a shop gives no structured data.
@Suite struct PageReadingTests {
    private func page(_ body: String, title: String = "Shop", lang: String = "en") -> String {
        "<!doctype html><html lang=\"\(lang)\"><head><title>\(title)</title></head><body>\(body)</body></html>"
    }

    @Test func theBuyBoxPriceWinsOverWasPricesInstallmentsAndRecommendations() throws {
        let html = page("""
            <h1>Linen Camp Shirt</h1>
            <div class="product-price"><del class="price">€79,95</del><span class="price price--sale">€59,95</span></div>
            <p class="installments price-info">or 4 × €14,99 with Klarna</p>
            <p class="shipping-price">Shipping €4,95</p>
            <button class="add-to-cart">Add to bag</button>
            <div class="recommendations"><div class="product-card"><span class="price">€19,95</span></div></div>
            """)
        let draft = try TestSupport.draft(html, url: "https://shop.example.de/p/linen-camp-shirt")
        #expect(draft.name == "Linen Camp Shirt")
        #expect(draft.price == 59.95)
        #expect(draft.currency == "EUR")
        #expect(draft.sources[.price] == .page)
    }

    @Test func aRecommendedProductsPriceIsNeverThisOnesAndItsTilesMakeNoListing() throws {
        let tiles = (1...5).map { "<div class=\"product-card\"><a href=\"/p/\($0)\"><img src=\"/i/\($0).jpg\">Other \($0)</a><span class=\"price\">€ 2\($0),00</span></div>" }
        let html = page("""
            <main><h1>Linen Shirt</h1><div id="price-root"></div><p>SKU: LS-204</p><button class="add-to-cart">Add to cart</button></main>
            <section class="recommendations"><h2>You may also like</h2>\(tiles.joined())</section>
            """, title: "Linen Shirt | Shop")
        let draft = try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt")
        #expect(draft.name == "Linen Shirt")
        #expect(draft.price == nil)
        #expect(draft.sku == "LS-204")
    }

    @Test func aPriceRangeOrFromPriceGivesTheLowestPrice() throws {
        let html = page("<h1>Wool Scarf</h1><span class=\"price\">from $24.00 – $39.00</span><button>Add to cart</button>")
        let draft = try TestSupport.draft(html, url: "https://scarves.example.com/p/wool-scarf")
        #expect(draft.price == 24)
        #expect(draft.currency == "USD")
    }

    @Test(arguments: [("https://www.amazon.ca/dp/B000000001", "CAD"), ("https://www.amazon.com/dp/B000000001", "USD"),
                      ("https://www.amazon.com.au/dp/B000000001", "AUD"), ("https://www.amazon.com.mx/dp/B000000001", "MXN")])
    func aDollarSignIsReadByTheShopsDomain(url: String, currency: String) throws {
        let html = page("<span id=\"productTitle\">Canvas Tote Bag</span><div id=\"corePrice_feature_div\"><span class=\"a-price\"><span class=\"a-offscreen\">$29.99</span></span></div>")
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.price == 29.99)
        #expect(draft.currency == currency)
        #expect(draft.sku == "B000000001")
    }

    /// Amazon's newer price block leaves its `a-offscreen` copy empty: the amount is in the drawn
    /// whole and fraction, or in the `aok-offscreen` line before them; the struck list price below is not it.
    @Test(arguments: [
        ("<span class=\"aok-offscreen\"> $39.99 with 33 percent savings </span>", "<span aria-hidden=\"true\"><span class=\"a-price-symbol\">$</span><span class=\"a-price-whole\">39<span class=\"a-price-decimal\">.</span></span><span class=\"a-price-fraction\">99</span></span>"),
        ("", "<span aria-hidden=\"true\"><span class=\"a-price-symbol\">$</span><span class=\"a-price-whole\">39<span class=\"a-price-decimal\">.</span></span><span class=\"a-price-fraction\">99</span></span>"),
        ("<span class=\"aok-offscreen\"> $39.99 with 33 percent savings </span>", ""),
    ])
    func anEmptyOffscreenPriceIsReadFromWhatAmazonDraws(line: String, drawn: String) throws {
        let html = page("""
            <span id="productTitle">Men's 505 Regular Fit Jeans</span>
            <div id="corePriceDisplay_desktop_feature_div">\(line)<span class="a-price priceToPay" data-a-size="xl"><span class="a-offscreen"> </span>\(drawn)</span>
            <span class="basisPrice">List Price: <span class="a-price a-text-price" data-a-strike="true"><span class="a-offscreen">$59.50</span></span></span></div>
            """)
        let draft = try TestSupport.draft(html, url: "https://www.amazon.com/dp/B0018OOOHO")
        #expect(draft.price == 39.99)
        #expect(draft.currency == "USD")
    }

    @Test(arguments: [
        ("<a id=\"bylineInfo\" href=\"/stores/Levis\">Visit the Levi's Store</a>", "Levi's"),
        ("<a id=\"bylineInfo\" href=\"/stores/Levis\">Besuchen Sie den Levi's-Store</a>", "Levi's"),
        ("<a id=\"bylineInfo\">Visita la tienda de Cecotec</a>", "Cecotec"),
        ("<div id=\"bylineInfo\">Brand: Hanes</div>", "Hanes"),
        ("<span id=\"bylineInfo\">by Jane Doe (Author) 4.5 out of 5 stars</span>", "Jane Doe"),
    ])
    func brandWordingIsReadInSeveralForms(byline: String, brand: String) throws {
        let html = page("<span id=\"productTitle\">Classic Crew Sweatshirt</span>\(byline)")
        let draft = try TestSupport.draft(html, url: "https://www.amazon.de/dp/B000000002")
        #expect(draft.brand == brand)
    }

    @Test func aBrandLinkNearTheNameIsTheBrand() throws {
        let html = page("<a class=\"product-brand\" href=\"/brands/armedangels\">ARMEDANGELS</a><h1>Organic Tee</h1><span class=\"price\">29,90 €</span><button>In den Warenkorb</button>", lang: "de")
        let draft = try TestSupport.draft(html, url: "https://shop.example.de/organic-tee.html")
        #expect(draft.brand == "ARMEDANGELS")
    }

    @Test(arguments: [
        ("In stock", "in_stock"), ("Currently unavailable.", "out_of_stock"), ("Auf Lager", "in_stock"), ("Derzeit nicht verfügbar", "out_of_stock"),
        ("Rupture de stock", "out_of_stock"), ("En stock", "in_stock"), ("Agotado", "out_of_stock"), ("Disponibile", "in_stock"),
        ("Esgotado", "out_of_stock"), ("Op voorraad", "in_stock"), ("Niedostępny", "out_of_stock"), ("Only 2 left in stock", "limited"),
        ("Pre-order now", "pre_order"),
    ])
    func stockWordsAreReadInEightLanguages(text: String, availability: String) throws {
        let html = page("<h1>Denim Jacket</h1><span class=\"price\">€89.00</span><div class=\"availability\">\(text)</div>")
        let draft = try TestSupport.draft(html, url: "https://shop.example.eu/p/denim-jacket")
        #expect(draft.availability?.rawValue == availability)
    }

    @Test(arguments: [
        ("https://www.amazon.de/gp/product/B07XYZ1234?th=1", "B07XYZ1234"),
        ("https://www.ebay.de/itm/Vintage-Levis-501/234567890123", "234567890123"),
        ("https://www.ebay.com/itm/134567890123?hash=x", "134567890123"),
    ])
    func identifiersComeFromTheLink(url: String, sku: String) throws {
        let html = page("<h1>Vintage Levi's 501 jeans</h1><span class=\"price\">€45.00</span><button>Buy now</button>")
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.sku == sku)
    }

    @Test(arguments: [
        ("<p>Art.-Nr.: 4711-BLK</p>", "4711-BLK"), ("<dl><dt>SKU</dt><dd>TS-0042</dd></dl>", "TS-0042"),
        ("<p>Item # 889123</p>", "889123"), ("<p>Réf. : 7733/200</p>", "7733/200"), ("<li>Modell: AB12C</li>", "AB12C"),
        ("<p>Cod. articolo: IT889</p>", "IT889"), ("<li>Cod. prodotto: 55-1200</li>", "55-1200"),
        ("<div>Part Number:<span>EMERMUS</span></div>", "EMERMUS"), ("<div class=\"item-code\">Item: SB00260</div>", "SB00260"), ("<td><strong>Item Id: <span>GLOWROLL</span></strong></td>", "GLOWROLL"),
        // Spaces before the label, ASCII or not, and a label in capitals outside ASCII.
        ("<p>\n\t  sku: LN-4471</p>", "LN-4471"), ("<p>&nbsp;Art.-Nr.: 4711-BLK</p>", "4711-BLK"), ("<p>&#x2003;SKU: TS-0042</p>", "TS-0042"),
        ("<p>RÉF. : 7733/200</p>", "7733/200"), ("<p>Número de artículo: 55-1200</p>", "55-1200"),
    ])
    func labelledIdentifiersAreRead(markup: String, sku: String) throws {
        let html = page("<h1>Merino Beanie</h1><span class=\"price\">€25.00</span><button>Add to cart</button>\(markup)")
        let draft = try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie")
        #expect(draft.sku == sku)
    }

    /// A code without a digit is taken only in capitals, whole, and after a label naming the shop's own code.
    @Test(arguments: [
        "<li>Modell: CLASSIC</li>", "<p>SKU: NONE</p>", "<p>SKU: UNAVAILABLE</p>", "<p>Item #: Beanie</p>", "<p>Part Number: SEE BELOW</p>",
        "<p>ID: MERINO</p>",
    ])
    func aCodeOfLettersAloneNeedsAStrictLabel(markup: String) throws {
        let html = page("<h1>Merino Beanie</h1><span class=\"price\">€25.00</span><button>Add to cart</button>\(markup)")
        #expect(try TestSupport.draft(html, url: "https://shop.example.eu/merino-beanie").sku == nil)
    }

    @Test func sizesAndColoursComeFromThePickers() throws {
        let html = page("""
            <h1>Pleated Midi Skirt</h1><span class="price">£45.00</span>
            <select name="size" id="size-select"><option value="">Select size</option><option value="s">S</option><option value="m">M</option><option value="l">L</option></select>
            <ul class="colour-swatches"><li><button aria-label="Navy"></button></li><li><button aria-label="Olive"></button></li></ul>
            <button type="submit" name="add">Add to basket</button>
            """)
        let draft = try TestSupport.draft(html, url: "https://shop.example.co.uk/products/pleated-midi-skirt")
        #expect(draft.sizes == ["S", "M", "L"])
        #expect(draft.currency == "GBP")
        #expect(draft.colors.map(\.name).contains("navy"))
    }

    @Test func aHeadingAloneDoesNotMakeAProduct() {
        let html = page("<h1>About us</h1><p>We make shirts since 1950.</p>")
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://shop.example.com/pages/about") }
    }
}

/// Shops outside Europe and America: their buy words and currencies.
@Suite struct AsianShopPageTests {
    @Test func aKoreanShopPageImportsWithWon() throws {
        let html = "<html lang=\"ko\"><head><title>린넨 셔츠 | 샵</title></head><body><h1>린넨 셔츠</h1><span class=\"price\">39,000원</span><button>장바구니</button></body></html>"
        let draft = try TestSupport.draft(html, url: "https://shop.example.kr/product/123")
        #expect(draft.price == 39000)
        #expect(draft.currency == "KRW")
    }

    @Test func aSoldOutPageWithAScriptDrawnPriceIsStillOneProduct() throws {
        // The name in an h3 that the title names ("…:: shop"), the price left for a script to fill, and a
        // span styled as a button saying SOLD OUT where the buy button would be.
        let html = """
            <html lang="ko"><head><title>린넨 와이드 팬츠:: 샵</title></head><body>
            <div class="info"><h3 class="deal_tit">린넨 와이드 팬츠</h3><strong class="sale_price"></strong>
            <dl><dt>상품번호</dt><dd>8812345</dd></dl>
            <div class="button_box"><span class="btn_sys sold_out"><span>SOLD OUT</span></span></div></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shop.example.kr/product/8812345")
        #expect(draft.name == "린넨 와이드 팬츠")
        #expect(draft.price == nil)
        #expect(draft.availability == .outOfStock)
        #expect(draft.sku == "8812345")
        #expect(draft.category == .bottom)
    }

    @Test func aSpanStyledAsAButtonNeverCountsAsABuyButton() {
        let html = """
            <html><head><title>Linen Trousers | Shop</title></head><body><h3 class="title">Linen Trousers</h3>
            <p>Item no. 88123</p><span class="btn add-to-cart">Add to cart</span></body></html>
            """
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://shop.example/product/88123") }
    }

    /// osCommerce draws the name in a table cell labelled as the page's heading, and the title repeats it: the part of
    /// the title after " - " is still the name there.
    @Test func aCellLabelledAsThePagesHeadingNamesTheProduct() throws {
        let html = """
            <html><head><title>Glenfarclas 105 - 35cl 60% </title></head><body><table><tr>
            <td class="pageHeading" valign="top">Glenfarclas 105 - 35cl 60%</td></tr></table>
            <div class="product-detail-left-price">Our price: <strong>&pound;31.99</strong></div>
            <div class="product-detail-left-cart"><input type="submit" class="cssButtonsubmit" value="Add to Cart" /></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "http://www.cgarsltd.co.uk/glenfarclas-35cl-p-11490.html")
        #expect(draft.name == "Glenfarclas 105 - 35cl 60%")
        #expect(draft.price == 31.99)
        #expect(draft.goods == "food or drink")
    }

    @Test func aTaiwaneseShopPageImportsWithNewTaiwanDollars() throws {
        let html = "<html lang=\"zh-TW\"><head><title>亞麻襯衫</title></head><body><h1>亞麻襯衫</h1><div class=\"product-price\">NT$1,280</div><button>加入購物車</button></body></html>"
        let draft = try TestSupport.draft(html, url: "https://shop.example.com.tw/products/linen-shirt")
        #expect(draft.price == 1280)
        #expect(draft.currency == "TWD")
    }
}

/// Category input gathers every source's category text.
@Suite struct CategorySourcesTests {
    @Test func theShopsProductTypeAndTheBreadcrumbBothCount() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Nova 2",
            "category":"Apparel & Accessories > Clothing > Dresses","offers":{"@type":"Offer","price":"80","priceCurrency":"EUR"}}</script></head><body></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.category == .dress)
        #expect(draft.goods == nil)
    }

    @Test func aHatIsAnAccessoryNotATop() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Wool bucket hat for t-shirt weather",
            "offers":{"@type":"Offer","price":"35","priceCurrency":"EUR"}}</script></head><body></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.category == .accessory)
        #expect(draft.subcategory == "hat")
    }
}

/// Structured data that leaves out buy-box fields.
@Suite struct ThinStructuredDataTests {
    @Test func aShopWithSiteRulesGetsTheBrandAndStockFromItsPageWhenJSONLDLacksThem() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Relaxed Linen Shirt",
            "image":"https://img.example/shirt.jpg","offers":{"@type":"Offer","price":"49.99","priceCurrency":"EUR"}}</script></head>
            <body><h1 data-qa="variationName">Relaxed Linen Shirt</h1><a data-qa="brandName" href="/marken/acme">ACME</a>
            <div data-qa="deliveryInfo">Lieferbar - in 2-3 Werktagen bei dir</div><span data-qa="articleNumber">Artikelnummer: 12345678</span></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.otto.de/p/relaxed-linen-shirt-12345678/")
        #expect(draft.price == 49.99)
        #expect(draft.sources[.price] == .jsonLD)
        #expect(draft.brand == "ACME")
        #expect(draft.availability == .inStock)
    }

    @Test func anyShopGetsTheIdentifierAndStockFromItsPageWhenJSONLDLacksThem() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen Overshirt",
            "brand":{"@type":"Brand","name":"Fjordline"},"image":"https://img.example/overshirt.jpg",
            "offers":{"@type":"Offer","price":"89.00","priceCurrency":"EUR"}}</script></head>
            <body><h1 class="product-title">Linen Overshirt</h1><span class="price">€89.00</span>
            <p class="product-meta">SKU: LN-4471</p><button type="submit" class="add-to-cart">Add to cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://fjordline.example/products/linen-overshirt")
        #expect(draft.price == 89)
        #expect(draft.sources[.price] == .jsonLD)
        #expect(draft.brand == "Fjordline")
        #expect(draft.sku == "LN-4471")
        #expect(draft.sources[.sku] == .page)
        #expect(draft.availability == .inStock)
    }

    @Test func theLinksIdentifierFillsAMissingSkuWithoutReadingThePage() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Slim Chino",
            "brand":"Acme","image":"https://img.example/chino.jpg","offers":{"@type":"Offer","price":"59","priceCurrency":"USD"}}</script></head><body></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.example-shop.com/itm/123456789012")
        #expect(draft.sku == "123456789012")
    }
}
