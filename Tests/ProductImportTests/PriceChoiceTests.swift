import Foundation
import ProductImport
import Testing

/// When JSON-LD, meta tags and the visible page state different prices, the buy box decides.
@Suite struct PriceChoiceTests {
    private func page(jsonLD: String, head: String = "", body: String) -> String {
        """
        <!doctype html><html lang="en"><head><title>Shop</title>
        <script type="application/ld+json">\(jsonLD)</script>\(head)</head><body>\(body)</body></html>
        """
    }

    private let twoOffers = """
        {"@type": "Product", "name": "Merino Crew Sweater", "image": "https://img.example/sweater.jpg",
         "brand": "Nordvik", "description": "Fine merino.", "color": "Navy",
         "offers": [{"@type": "Offer", "price": "89.00", "priceCurrency": "EUR"},
                    {"@type": "Offer", "price": "69.00", "priceCurrency": "EUR"}]}
        """

    private let staleOffer = """
        {"@type": "Product", "name": "Keystick Wall Sconce", "image": "https://img.example/sconce.jpg", "sku": "A1686",
         "brand": {"@type": "Brand", "name": "Rejuvenation"}, "offers": {"@type": "Offer", "price": "150.00", "priceCurrency": "USD"}}
        """

    @Test func metaTagsThatCallTheJSONLDPriceTheRegularOneGiveTheSalePrice() throws {
        let head = """
            <meta content='150.00' property='og:price:standard_amount'><meta content='120.00' property='product:price:amount'>
            <meta content='USD' property='product:price:currency'>
            """
        let draft = try TestSupport.draft(page(jsonLD: staleOffer, head: head, body: "<h1>Keystick Wall Sconce</h1>"))
        #expect(draft.price == 120)
        #expect(draft.currency == "USD")
        #expect(draft.sources[.price] == .meta)
    }

    @Test func aLowerMetaPriceWithoutARegularPriceDoesNotOverruleTheJSONLD() throws {
        let head = "<meta content='120.00' property='product:price:amount'><meta content='USD' property='product:price:currency'>"
        let draft = try TestSupport.draft(page(jsonLD: staleOffer, head: head, body: "<h1>Keystick Wall Sconce</h1>"))
        #expect(draft.price == 150)
    }

    @Test func theOfferTheBuyBoxShowsWinsOverTheFirstOffer() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><div class="product-price"><s class="price">€89,00</s> <span class="price">€69,00</span></div>
            <button class="add-to-cart">Add to bag</button>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 69)
        #expect(draft.currency == "EUR")
        #expect(draft.sources[.price] == .jsonLD)
    }

    @Test func aShopsOwnBuyBoxSelectorOutranksStructuredPricesThatDisagree() throws {
        // Etsy's JSON-LD states the price before tax and its meta tag one in dollars; the buy box,
        // read by the Etsy site rule, shows what the buyer pays.
        let html = page(
            jsonLD: """
                {"@type": "Product", "name": "Hand-painted doormat", "image": "https://img.example/mat.jpg", "brand": "Olive",
                 "offers": {"@type": "AggregateOffer", "lowPrice": "43.90", "highPrice": "43.90", "priceCurrency": "EUR"}}
                """,
            head: #"<meta property="product:price:amount" content="48,00"><meta property="product:price:currency" content="USD">"#,
            body: """
                <h1 data-buy-box-listing-title="true">Hand-painted doormat</h1>
                <div data-buy-box-region="price"><p class="wt-text-title-03">53,11 €</p></div>
                """)
        let draft = try TestSupport.draft(html, url: "https://www.etsy.com/es/listing/1/doormat")
        #expect(draft.price == 53.11)
        #expect(draft.currency == "EUR")
        #expect(draft.sources[.price] == .page)
    }

    @Test func generalReadingOfAnUnknownShopDoesNotOutrankDisagreeingStructuredPrices() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><div class="product-price"><span class="price">€75,00</span></div>
            """)
        let draft = try TestSupport.draft(html, url: "https://shop.example/products/sweater")
        #expect(draft.price == 89)
    }

    @Test func aFromRangeUnderTheNameIsThePriceBeforeEachVariantsOwnPrice() throws {
        let html = page(
            jsonLD: """
                {"@type": "Product", "name": "Flea tablets for cats", "image": "https://img.example/tabs.jpg", "brand": "Johnsons",
                 "offers": [{"@type": "Offer", "price": "9.56", "priceCurrency": "GBP"}, {"@type": "Offer", "price": "5.29", "priceCurrency": "GBP"}]}
                """,
            body: """
                <h1>Flea tablets for cats</h1><p class="save-up-to-on-product">From only £5.29 - £9.56</p>
                <div><h5>6 Treatment Pack</h5><p class="varient-price">£9.56</p><a class="add-to-basket">Add to Basket</a></div>
                <div><h5>3 Treatment Pack</h5><p class="varient-price">£5.29</p><a class="add-to-basket">Add to Basket</a></div>
                """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 5.29)
        #expect(draft.currency == "GBP")
    }

    @Test func aFromLineAboutFreeShippingIsNotThePrice() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><p>From €50 free shipping</p><div class="product-price"><span class="price">€69,00</span></div>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 69)
    }

    @Test func withoutAMatchingBuyBoxTheMostTrustedSourceKeepsItsFirstPrice() throws {
        let html = page(jsonLD: twoOffers, body: """
            <h1>Merino Crew Sweater</h1><div class="product-price"><span class="price">€75,00</span></div>
            <button class="add-to-cart">Add to bag</button>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 89)
        #expect(draft.sources[.price] == .jsonLD)
    }

    @Test func theTopOfAPriceRangeIsTakenWhenTheBuyBoxShowsIt() throws {
        let range = """
            {"@type": "Product", "name": "Pleated Midi Skirt", "image": "https://img.example/skirt.jpg", "brand": "Atelier",
             "description": "Pleats.", "color": "Black",
             "offers": {"@type": "AggregateOffer", "lowPrice": 39.95, "highPrice": 59.95, "priceCurrency": "GBP"}}
            """
        let shown = page(jsonLD: range, body: "<h1>Pleated Midi Skirt</h1><span class=\"price\">£59.95</span><button>Add to bag</button>")
        #expect(try TestSupport.draft(shown, url: "https://shop.example.co.uk/p/skirt").price == 59.95)
        let unread = page(jsonLD: range, body: "<h1>Pleated Midi Skirt</h1><p>Choose a length</p>")
        #expect(try TestSupport.draft(unread, url: "https://shop.example.co.uk/p/skirt").price == 39.95)
    }

    @Test func aMetaPriceThatDisagreesWithJSONLDIsSettledByTheBuyBox() throws {
        let single = """
            {"@type": "Product", "name": "Canvas Sneaker", "image": "https://img.example/sneaker.jpg", "brand": "Kanvas",
             "description": "Canvas.", "color": "White", "offers": {"@type": "Offer", "price": 60, "priceCurrency": "USD"}}
            """
        let head = #"<meta property="og:type" content="product"><meta property="product:price:amount" content="45.00"><meta property="product:price:currency" content="USD">"#
        let html = page(jsonLD: single, head: head, body: "<h1>Canvas Sneaker</h1><span class=\"price\">$45.00</span><button>Add to cart</button>")
        let draft = try TestSupport.draft(html, url: "https://shoes.example.com/p/canvas-sneaker")
        #expect(draft.price == 45)
        #expect(draft.currency == "USD")
        #expect(draft.sources[.price] == .meta)
    }

    @Test(arguments: [("$39.00", "https://www.shop.example/p/x", "USD"), ("$39.00", "https://www.shop.ca/p/x", "CAD"),
                      ("39,00 €", "https://www.shop.example/p/x", "EUR")])
    func anOfferPriceWrittenWithASymbolAndNoCurrencyGetsTheSymbols(price: String, url: String, currency: String) throws {
        let jsonLD = #"{"@type": "Product", "name": "Linen Shirt", "offers": {"@type": "Offer", "price": "\#(price)"}}"#
        let draft = try TestSupport.draft(page(jsonLD: jsonLD, body: "<h1>Linen Shirt</h1>"), url: url)
        #expect(draft.price == 39)
        #expect(draft.currency == currency)
    }

    @Test func ofTwoProductBlocksTheOneTheTitleNamesIsThePages() throws {
        let related = #"{"@type": "Product", "name": "Oxford Shirt", "sku": "OX1", "offers": {"@type": "Offer", "price": "59.00", "priceCurrency": "EUR"}}"#
        let own = #"{"@type": "Product", "name": "Linen Shirt", "sku": "LS1", "offers": {"@type": "Offer", "price": "39.00", "priceCurrency": "EUR"}}"#
        let html = """
            <!doctype html><html lang="en"><head><title>Linen Shirt | Shop</title>
            <script type="application/ld+json">\(related)</script><script type="application/ld+json">\(own)</script></head>
            <body><h1>Linen Shirt</h1></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.name == "Linen Shirt")
        #expect(draft.price == 39)
        #expect(draft.sku == "LS1")
    }

    /// JSON-LD that lags behind a sale states the regular price; the buy box crosses it out beside the one to pay.
    @Test(arguments: ["<s class=\"price price--old\">49,95 €</s> <span class=\"price price--sale\">39,95 €</span>",
                      "<span class=\"price-was\">49,95 €</span><span class=\"price\">39,95 €</span>",
                      "<span class=\"price\"><del>49,95 €</del> 39,95 €</span>"])
    func aStructuredPriceTheBuyBoxCrossesOutGivesWayToTheSalePrice(buyBox: String) throws {
        let jsonLD = #"{"@type": "Product", "name": "Leinenhemd", "sku": "LH1", "offers": {"@type": "Offer", "price": "49.95", "priceCurrency": "EUR"}}"#
        let html = page(jsonLD: jsonLD, body: "<h1>Leinenhemd</h1><div class=\"product-price\">\(buyBox)</div><button>In den Warenkorb</button>")
        let draft = try TestSupport.draft(html, url: "https://www.shop.de/p/leinenhemd")
        #expect(draft.price == 39.95)
        #expect(draft.currency == "EUR")
    }

    @Test func aStructuredPriceTheBuyBoxShowsAsTheOneToPayStays() throws {
        let jsonLD = #"{"@type": "Product", "name": "Leinenhemd", "sku": "LH1", "offers": {"@type": "Offer", "price": "39.95", "priceCurrency": "EUR"}}"#
        let html = page(jsonLD: jsonLD, body: "<h1>Leinenhemd</h1><div class=\"product-price\"><s class=\"price\">49,95 €</s> <span class=\"price\">39,95 €</span></div><button>In den Warenkorb</button>")
        #expect(try TestSupport.draft(html, url: "https://www.shop.de/p/leinenhemd").price == 39.95)
    }
}
