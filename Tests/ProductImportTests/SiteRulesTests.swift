import Foundation
import JSON
import ProductImport
import Testing

@Suite struct SiteRulesTests {
    @Test func theRepositoryFileCoversTheNamedShops() {
        #expect(TestSupport.sites.count >= 16)
    }

    @Test func anOperatorAddedShopIsReadWithItsSelectors() throws {
        let rules = try SiteRules(json: JSON.parse("""
            {"sites": [{"name": "Atelier", "hosts": ["atelier-*.example"], "currencyByDomain": {"example": "CHF"},
              "selectors": {"name": [".pdp h2.title"], "price": ["[data-role=now]"], "brand": [".maker@data-name"],
                            "images": ["figure.main img@data-zoom"], "sizes": [".sizes button"]}}]}
            """))
        let html = """
            <html><body><div class="pdp"><h2 class="title">Boxy Linen Shirt</h2><span class="maker" data-name="Atelier Vogt"></span>
            <span data-role="was">120.00</span><span data-role="now">89.00</span>
            <figure class="main"><img src="/s.jpg" data-zoom="https://cdn.example/big.jpg"></figure>
            <div class="sizes"><button>S</button><button>M</button></div></div></body></html>
            """
        let draft = try ProductExtractor(rules: TestSupport.rules, sites: rules).extract(html: html, pageURL: URL(string: "https://www.atelier-vogt.example/p/1")!)
        #expect(draft.name == "Boxy Linen Shirt")
        #expect(draft.brand == "Atelier Vogt")
        #expect(draft.price == 89)
        #expect(draft.currency == "CHF")
        #expect(draft.images.first?.absoluteString == "https://cdn.example/big.jpg")
        #expect(draft.sizes == ["S", "M"])
        #expect(draft.category == .top)
    }

    @Test func aPriceSelectorSkipsTheStruckOutPriceItAlsoMatches() throws {
        let rules = try SiteRules(json: JSON.parse("""
            {"sites": [{"name": "Atelier", "hosts": ["atelier-*.example"], "selectors": {"name": ["#title"], "price": ["#core .price"]}}]}
            """))
        let html = """
            <html><body><h1 id="title">Boxy Linen Shirt</h1><table id="core">
            <tr><td>Lowest recent price:</td><td><span class="price" data-a-strike="true">120,00 €</span></td></tr>
            <tr><td>Deal:</td><td><span class="price">89,00 €</span></td></tr></table><button>Add to cart</button></body></html>
            """
        let draft = try ProductExtractor(rules: TestSupport.rules, sites: rules).extract(html: html, pageURL: URL(string: "https://www.atelier-vogt.example/p/1")!)
        #expect(draft.price == 89)
        #expect(draft.sources[.price] == .page)
    }

    @Test func aBrokenSelectorNamesItsSite() throws {
        let json = try JSON.parse(#"{"sites": [{"name": "Broken", "hosts": ["broken.example"], "selectors": {"price": ["div["]}}]}"#)
        #expect {
            try SiteRules(json: json)
        } throws: { error in
            (error as? ImportError)?.kind == .invalidSiteRules && (error as? ImportError)?.detail.contains("Broken") == true
        }
    }

    @Test func anUnknownFieldIsRejected() throws {
        let json = try JSON.parse(#"{"sites": [{"name": "Odd", "hosts": ["odd.example"], "selectors": {"colour": [".c"]}}]}"#)
        #expect(throws: ImportError.self) { try SiteRules(json: json) }
    }

    @Test func aFieldThePagePrefersWinsOverCompleteJSONLD() throws {
        let json = """
            {"sites": [{"name": "Atelier", "hosts": ["atelier.example"], PREFER
              "selectors": {"sku": [".article-number"]}}]}
            """
        let html = """
            <html><head><title>Boxy Linen Shirt</title><script type="application/ld+json">
            {"@type": "Product", "name": "Boxy Linen Shirt", "sku": "S0S5O0", "brand": {"name": "Atelier"}, "image": "https://cdn.example/1.jpg",
             "description": "A linen shirt.", "color": "white", "offers": {"price": "89.00", "priceCurrency": "EUR", "availability": "InStock"}}
            </script></head><body><h1>Boxy Linen Shirt</h1><p>Artikel-Nr. <span class="article-number">S0S5O0P2</span></p></body></html>
            """
        let url = URL(string: "https://www.atelier.example/p/1")!
        let preferring = try SiteRules(json: JSON.parse(json.replacingOccurrences(of: "PREFER", with: #""preferPage": ["sku"],"#)))
        let draft = try ProductExtractor(rules: TestSupport.rules, sites: preferring).extract(html: html, pageURL: url)
        #expect(draft.sku == "S0S5O0P2")
        #expect(draft.sources[.sku] == .page)
        #expect(draft.price == 89)
        #expect(draft.sources[.price] == .jsonLD)
        // Without the flag the structured sku stands and the complete JSON-LD page is not read further.
        let plain = try SiteRules(json: JSON.parse(json.replacingOccurrences(of: "PREFER", with: "")))
        #expect(try ProductExtractor(rules: TestSupport.rules, sites: plain).extract(html: html, pageURL: url).sku == "S0S5O0")
    }

    @Test func preferPageTakesOnlyFieldsWithSelectors() throws {
        for prefer in [#"["price"]"#, #"["colors"]"#, #"["brand"]"#, #"[1]"#] {
            let json = try JSON.parse(#"{"sites": [{"name": "Odd", "hosts": ["odd.example"], "preferPage": \#(prefer), "selectors": {"sku": [".n"]}}]}"#)
            #expect(throws: ImportError.self) { try SiteRules(json: json) }
        }
    }

    @Test(arguments: [
        ("https://www2.hm.com/de_de/productpage.0736967002.html", "0736967002"),
        ("https://www.zalando.fr/hessnatur-pantalon-classique-marine-h0721a01m-k11.html", "H0721A01M-K11"),
        ("https://www.asos.com/asos-design/asos-design-oversized-t-shirt-in-white/prd/204417262", "204417262"),
        ("https://www.walmart.com/ip/Levi-s-Men-s-505-Regular-Fit-Jeans/15094286", "15094286"),
        ("https://www.target.com/p/women-s-short-sleeve-t-shirt/-/A-88056717", "88056717"),
    ])
    func aShopsLinkGivesItsArticleNumberWhenThePageNamesNone(url: String, sku: String) throws {
        let html = """
            <html><head><title>Wool beanie</title></head><body><h1>Wool beanie</h1><p class="price">19,99 €</p>
            <button>Add to bag</button></body></html>
            """
        let draft = try TestSupport.extractor.extract(html: html, pageURL: URL(string: url)!)
        #expect(draft.sku == sku)
        #expect(draft.sources[.sku] == .page)
    }

    @Test func theLinksNumberGivesWayToTheOneThePageStates() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@type": "Product", "name": "Wool beanie", "sku": "0736967002-M",
            "image": "https://cdn.example/1.jpg", "offers": {"price": "19.99", "priceCurrency": "EUR"}}</script></head>
            <body><h1>Wool beanie</h1></body></html>
            """
        let draft = try TestSupport.extractor.extract(html: html, pageURL: URL(string: "https://www2.hm.com/de_de/productpage.0736967002.html")!)
        #expect(draft.sku == "0736967002-M")
    }

    @Test func aLinkPatternThatIsNoExpressionNamesItsSite() throws {
        for pattern in [#""productpage\\.(\\d+""#, #""no-group""#] {
            let json = try JSON.parse(#"{"sites": [{"name": "Odd", "hosts": ["odd.example"], "skuInURL": \#(pattern)}]}"#)
            #expect {
                try SiteRules(json: json)
            } throws: { error in
                (error as? ImportError)?.kind == .invalidSiteRules && (error as? ImportError)?.detail.contains("Odd") == true
            }
        }
    }

    @Test func aShopsSkippedBlocksAreLeftOutOfThePageItsReadersSee() throws {
        let rules = try SiteRules(json: JSON.parse(#"{"sites": [{"name": "Atelier", "hosts": ["atelier.example"], "skipBlocks": ["bundleOffer"]}]}"#))
        let tiles = (0..<70).map { "<a href=\"/p/\($0)\">Tile \($0)</a>" }.joined()
        let html = """
            <html><body><h1>Boxy Linen Shirt</h1><div id="bundleOffer"><p>Buy both</p><span class="price">€5.00</span>\(tiles)</div>
            <div class="buy-box"><span class="price">€89.00</span><button>Add to cart</button></div></body></html>
            """
        let extractor = ProductExtractor(rules: TestSupport.rules, sites: rules)
        let draft = try extractor.extract(html: html, pageURL: URL(string: "https://atelier.example/p/1")!)
        #expect(draft.name == "Boxy Linen Shirt")
        #expect(draft.price == 89)
        // Another shop's page keeps the block.
        #expect(try extractor.extract(html: html, pageURL: URL(string: "https://other.example/p/1")!).price == 5)
    }

    @Test func aSkippedBlockWordMustBeAWord() throws {
        for word in [#""a""#, #""div p""#, "12", #""\#(String(repeating: "x", count: 61))""#] {
            let json = try JSON.parse(#"{"sites": [{"name": "Odd", "hosts": ["odd.example"], "skipBlocks": [\#(word)]}]}"#)
            #expect {
                try SiteRules(json: json)
            } throws: { error in
                (error as? ImportError)?.kind == .invalidSiteRules && (error as? ImportError)?.detail.contains("Odd") == true
            }
        }
    }
}
