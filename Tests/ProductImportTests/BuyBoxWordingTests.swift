import Foundation
import ProductImport
import Testing

/// The buy box as shops in Taiwan, Korea, Japan and the EU write it: was-prices named in words,
/// the currency beside the amount, the "lowest price in 30 days" line, item-number labels,
/// buy buttons that are links.
@Suite struct BuyBoxWordingTests {
    @Test func aWasPriceNamedInWordsIsNotThePrice() throws {
        let html = """
            <html lang="zh-TW"><body><h1>男 運動短褲 黑色</h1>
            <ul class="prdPrice"><li class="marketPrice">原價 <del>$1,280</del></li><li class="special">促銷價 <span><b>980</b></span>元</li></ul>
            <p>品號：11223344</p><a class="buynow" href="/buy">立即購買</a></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.shop.example.com.tw/goods/GoodsDetail.jsp?i_code=11223344")
        #expect(draft.price == 980)
        #expect(draft.currency == "TWD")
        #expect(draft.sku == "11223344")
    }

    @Test func aWonSignBesideTheAmountGivesTheCurrency() throws {
        let html = """
            <html lang="ko"><head><title>오버핏 반팔 티셔츠 - 숍</title></head><body>
            <h2 class="product_title">오버핏 반팔 티셔츠</h2><p>품번 : CO2302ST11BK</p>
            <div class="price_info"><del class="origin">39,000원</del><span class="sale_price">29,000</span><span>원</span></div>
            <button class="btn_buy">바로구매</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.shop.example.co.kr/products/1234567")
        #expect(draft.price == 29000)
        #expect(draft.currency == "KRW")
        #expect(draft.sku == "CO2302ST11BK")
        #expect(draft.availability == .inStock)
    }

    @Test(arguments: [
        "<p class=\"price-note\">Niedrigster Preis der letzten 30 Tage: 39,99 €</p><span class=\"price\">49,99 €</span>",
        "<span class=\"price\">UVP 59,99 €</span><span class=\"price\">49,99 €</span>",
        "<span class=\"price-box\"><span class=\"price\">statt 59,99 €</span> <span class=\"price\">49,99 €</span></span>",
    ])
    func referencePricesInGermanAreSkipped(buyBox: String) throws {
        let html = "<html lang=\"de\"><body><h1>Leinenhemd</h1>\(buyBox)<button>In den Warenkorb</button></body></html>"
        let draft = try TestSupport.draft(html, url: "https://www.shop.example.de/p/leinenhemd-123")
        #expect(draft.price == 49.99)
        #expect(draft.currency == "EUR")
    }

    @Test(arguments: [
        ("<p>品番：E465183-000</p>", "E465183-000"), ("<dl><dt>商品編號</dt><dd>DYAJ1A-A900GRUMK</dd></dl>", "DYAJ1A-A900GRUMK"),
        ("<p>상품번호 : 2308112</p>", "2308112"), ("<p>Numero articolo: 8054321</p>", "8054321"),
    ])
    func itemNumberLabelsOfMoreLanguagesAreRead(label: String, sku: String) throws {
        let html = "<html><body><h1>Item</h1><span class=\"price\">¥3,990</span>\(label)<button>カートに入れる</button></body></html>"
        let draft = try TestSupport.draft(html, url: "https://shop.example.jp/item/1")
        #expect(draft.sku == sku)
    }

    @Test func aSiteRuleWhoseOnlyMatchingNameSelectorIsABareHeadingLeavesThePriceToGenericReading() throws {
        // Uniqlo's rule ends with a plain "h1": markup the rule does not know still gets its price read.
        let html = """
            <html lang="ja"><body><h1 class="title">リネンシャツ（長袖）</h1><p class="price">¥3,990<span class="tax">税込</span></p>
            <button class="add-to-cart">カートに入れる</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.uniqlo.com/jp/ja/products/E465183-000")
        #expect(draft.price == 3990)
        #expect(draft.currency == "JPY")
    }

    @Test(arguments: [
        ("https://www.shop.example.de/p/1", nil, "EUR"), ("https://www.shop.example.co.kr/p/1", nil, "KRW"),
        ("https://www.shop.example.com/p/1", "ko_KR", "KRW"), ("https://www.shop.example.com/p/1", "zh_TW", "TWD"),
        ("https://www.shop.example.com/p/1", nil, nil),
    ] as [(String, String?, String?)])
    func aPriceWithoutCurrencyGetsTheOneItsDomainOrLocaleImplies(url: String, locale: String?, currency: String?) throws {
        let localeTag = locale.map { "<meta property=\"og:locale\" content=\"\($0)\">" } ?? ""
        let html = """
            <html><head>\(localeTag)<script type="application/ld+json">{"@type": "Product", "name": "Linen shirt", "image": "https://shop.example/a.jpg",
            "offers": {"@type": "Offer", "price": "29000", "availability": "InStock"}}</script></head><body></body></html>
            """
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.currency == currency)
    }

    @Test(arguments: [
        ("zh-Hant-TW", "$1,280", 1280.0, "TWD"), ("zh-CN", "¥128", 128.0, "CNY"), ("ja-JP", "¥3,980", 3980.0, "JPY"),
        ("de-DE", "1.299,00 €", 1299.0, "EUR"), ("en-CA", "$49.99", 49.99, "CAD"),
    ])
    func aDotComShopsPriceSymbolIsSettledByThePageLanguage(lang: String, text: String, price: Double, currency: String) throws {
        let html = "<html lang=\"\(lang)\"><body><h1>Item</h1><span class=\"price\">\(text)</span><button>Add to cart</button></body></html>"
        let draft = try TestSupport.draft(html, url: "https://www.shop.example.com/products/1")
        #expect(draft.price == price)
        #expect(draft.currency == currency)
    }

    @Test func pchomesBuyBoxIsReadWithItsSiteRule() throws {
        let html = """
            <html lang="zh-TW"><body><div class="o-prodMainName"><h1 class="o-prodMainName__grayDarkest">Apple AirPods Pro 2 (USB-C)</h1></div>
            <div class="o-prodPrice__priceBox"><div class="o-prodPrice__originalPrice">$7,490</div>
            <div class="o-prodPrice__price o-prodPrice__price--xxl700Primary">$6,990</div></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://24h.pchome.com.tw/prod/DYAJ1A-A900GRUMK")
        #expect(draft.name == "Apple AirPods Pro 2 (USB-C)")
        #expect(draft.price == 6990)
        #expect(draft.currency == "TWD")
        #expect(draft.sources[.price] == .page)
    }

    @Test func gmarketsBuyBoxIsReadWithItsSiteRule() throws {
        let html = """
            <html lang="ko"><body><div id="itemcase_basic"><h1 class="itemtit">오버핏 반팔 티셔츠 화이트</h1>
            <span class="text__brand"><span class="text">커버낫</span></span>
            <span class="price_original">39,000원</span><strong class="price_real">29,900</strong></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://item.gmarket.co.kr/Item?goodscode=2808997839")
        #expect(draft.price == 29900)
        #expect(draft.currency == "KRW")
        #expect(draft.brand == "커버낫")
        #expect(draft.category == .top)
    }

    @Test func withoutAnH1TheElementThatRepeatsThePageTitleNamesTheProductAndAnchorsThePrice() throws {
        let html = """
            <html lang="ko"><head><title>여성 니트 가디건 - 숍</title></head><body>
            <div class="gnb"><strong>12,000원</strong> 쿠폰</div>
            <div class="goods"><h2 class="goods_name">여성 니트 가디건 베이지</h2>
            <p><strong>34,900원</strong></p><button class="btn_cart">장바구니 담기</button></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.shop.example.co.kr/goods/view?no=1234")
        #expect(draft.name == "여성 니트 가디건 베이지")
        #expect(draft.price == 34900)
        #expect(draft.currency == "KRW")
        #expect(draft.subcategory == "cardigan")
    }

    @Test(arguments: ["<p class=\"product__vendor\">Kings of Indigo</p>", "<a class=\"designer-name\" href=\"/d/koi\">Kings of Indigo</a>"])
    func aVendorOrDesignerLabelGivesTheBrand(label: String) throws {
        let html = "<html><body><h1>Straight jeans</h1>\(label)<span class=\"price\">€129.00</span><button>Add to cart</button></body></html>"
        #expect(try TestSupport.draft(html).brand == "Kings of Indigo")
    }

    @Test(arguments: [("Tickets kaufen", "https://www.tickets.example.de/event/rammstein-berlin-123"), ("예매하기", "https://www.tickets.example.co.kr/goods/24001234")])
    func anEventPageWithoutStructuredDataSellsATicketNotClothing(button: String, url: String) throws {
        let html = """
            <html><body><h1>Rammstein – Europe Stadium Tour 2026, Olympiastadion</h1>
            <span class="price">ab 89,00 €</span><button class="btn-primary">\(button)</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.goods == "ticket")
        #expect(draft.category == nil)
        #expect(draft.price == 89)
    }

    @Test(arguments: [
        ("https://www.amazon.com.br/dp/B000000005", "Não disponível.", "out_of_stock"), ("https://www.amazon.com.br/dp/B000000005", "Apenas 2 em estoque.", "limited"),
        ("https://www.amazon.nl/dp/B000000005", "Momenteel niet verkrijgbaar.", "out_of_stock"), ("https://www.amazon.nl/dp/B000000005", "Slechts 3 op voorraad", "limited"),
        ("https://www.amazon.pl/dp/B000000005", "Produkt chwilowo niedostępne", "out_of_stock"), ("https://www.amazon.pl/dp/B000000005", "Zostały tylko 3 sztuki", "limited"),
        ("https://www.amazon.pl/dp/B000000005", "Dostępne", "in_stock"), ("https://www.amazon.es/dp/B000000005", "Solo queda(n) 1 en stock.", "limited"),
        ("https://www.amazon.it/dp/B000000005", "Solo 3 -- ordina subito (ulteriori in arrivo).", "limited"),
        ("https://shop.example.com.tw/p/1", "暫無庫存", "out_of_stock"), ("https://www.amazon.de/dp/B000000005", "Nur noch 5 auf Lager", "limited"),
        ("https://www.amazon.de/dp/B000000005", "Nur noch 18 auf Lager (mehr ist unterwegs).", "limited"),
        ("https://www.amazon.com/dp/B000000005", "Only 12 left in stock - order soon.", "limited"),
        ("https://www.amazon.fr/dp/B000000005", "Il ne reste plus que 7 exemplaire(s) en stock.", "limited"),
        ("https://www.amazon.co.jp/dp/B000000005", "残り8点 ご注文はお早めに", "limited"),
        ("https://www.amazon.de/dp/B000000005", "Auf Lager.", "in_stock"), ("https://www.amazon.com/dp/B000000005", "In stock. Usually ships within 2 days.", "in_stock"),
    ])
    func amazonStockLinesInPortugueseDutchPolishSpanishAndItalianAreRead(url: String, words: String, availability: String) throws {
        let html = "<html><body><h1 id=\"productTitle\">Linen shirt</h1><span class=\"price\">49,99 €</span><div id=\"availability\"><span>\(words)</span></div></body></html>"
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.availability?.rawValue == availability, "\(words)")
    }

    /// Old prices named by class or word in the shop's language, beside the price to pay.
    @Test(arguments: [
        ("es", "<p class=\"precio\"><span class=\"antes\">29,99 €</span> <span class=\"ahora\">19,99 €</span></p>", 19.99),
        ("fr", "<div class=\"prix\"><span class=\"prix-barre\">29,99 €</span><span class=\"prix-promo\">19,99 €</span></div>", 19.99),
        ("de", "<div class=\"preis\"><span class=\"streichpreis\">29,99 €</span><span class=\"aktionspreis\">19,99 €</span></div>", 19.99),
        ("pl", "<div class=\"cena\"><span class=\"cena-stara\">129,99 zł</span><span class=\"cena-promocyjna\">99,99 zł</span></div>", 99.99),
        ("pt", "<div class=\"preco\"><span class=\"preco-de\">R$ 129,99</span><span class=\"preco-por\">R$ 99,99</span></div>", 99.99),
        ("nl", "<div class=\"prijs\"><span class=\"van-prijs\">29,99 €</span><span class=\"voor-prijs\">19,99 €</span></div>", 19.99),
        ("es", "<p>Antes 29,99 € Ahora 19,99 €</p>", 19.99),
        ("en", "<span class=\"price\">Was $30.00 Now $20.00</span>", 20.0),
        ("de", "<p>Statt 29,99 € jetzt 19,99 €</p>", 19.99),
    ])
    func anOldPriceNamedInTheShopsLanguageIsNotThePrice(language: String, buyBox: String, price: Double) throws {
        let html = """
            <html lang="\(language)"><head><title>Linen shirt</title></head><body><main><h1>Linen shirt</h1>\(buyBox)
            <button class="add-to-cart">Add to cart</button></main></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt").price == price, "\(buyBox)")
    }

    @Test func aLineWithOnlyAnOldPriceGivesNone() throws {
        let html = "<html lang=\"en\"><head><title>Linen shirt</title></head><body><main><h1>Linen shirt</h1><span class=\"price\">Was $30.00</span><button class=\"add-to-cart\">Add to cart</button></main></body></html>"
        #expect(try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt").price == nil)
    }
}
