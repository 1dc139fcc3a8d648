import Foundation
import ProductImport
import Testing

/// Layouts the seventh round's real pages showed (weekday.com, zalando.de, geizhals.at), each as
/// a short page written for the test; the real pages are in Fixtures/real.
@Suite struct ShopLayoutTests {
    private func page(_ body: String, title: String, head: String = "") -> String {
        "<!doctype html><html lang=\"de\"><head><title>\(title)</title>\(head)</head><body>\(body)</body></html>"
    }

    @Test func theTitleGivesTheBrandWhenAnElementAboveTheNameSaysIt() throws {
        let html = page("""
            <a title="Jack &amp; Jones PREMIUM" href="/jack-and-jones-premium/"><h2>Jack &amp; Jones PREMIUM</h2></a>
            <h1>JJIMARCO - Chino</h1><span class="price">37,45 €</span><button>In den Warenkorb</button>
            """, title: "Jack &amp; Jones PREMIUM JJIMARCO - Chino - grey melange - Zalando.de")
        let draft = try TestSupport.draft(html, url: "https://shop.example.de/jjimarco-chino.html")
        #expect(draft.brand == "Jack & Jones PREMIUM")
        #expect(draft.sources[.brand] == .page)
    }

    @Test func titleWordsNoElementConfirmsAreNoBrand() throws {
        let unconfirmed = page("<h1>Linen Shirt</h1><span class=\"price\">€49</span><button>Add to cart</button>",
                               title: "Buy Linen Shirt online | Shop")
        #expect(try TestSupport.draft(unconfirmed, url: "https://shop.example.de/p/1").brand == nil)
        // The shop's own name above the heading (a logo link) is not the brand either.
        let shopName = page("<a title=\"Zalando\" href=\"/\">Zalando</a><h1>Linen Shirt</h1><span class=\"price\">€49</span><button>Add to cart</button>",
                            title: "Zalando Linen Shirt")
        #expect(try TestSupport.draft(shopName, url: "https://www.zalando.example/p/1").brand == nil)
    }

    @Test func anAddToCartButtonInAContainerNamedLikeASizeStillSaysInStock() throws {
        let states = (0..<10).map { "<span class=\"state-\($0)\">x</span>" }.joined()
        let html = page("""
            <h1>Wool Coat</h1><span class="price">199,00 €</span>
            <div class="h-flex-equal-size"><button id="addToCartButton" class="primary"><span>In den Warenkorb</span>\(states)</button></div>
            """, title: "Wool Coat")
        let draft = try TestSupport.draft(html, url: "https://shop.example.de/p/coat")
        #expect(draft.availability == .inStock)
    }

    @Test func aMetaTitleWithTheShopAndColourGivesWayToTheNameShown() throws {
        let head = """
            <meta property="og:type" content="product"><meta property="og:title" content="Spit Velvet Shirt - Red - Shirts - Weekday DE">
            <meta property="og:price:amount" content="20.00"><meta property="og:price:currency" content="EUR">
            <meta property="og:image" content="https://img.example/shirt.jpg">
            """
        let html = page("""
            <label class="brand-name">Weekday</label><label id="productTitle" class="product-name">Spit Velvet Shirt</label>
            <p>Product No: <span id="article-number">0566155005</span></p>
            """, title: "Spit Velvet Shirt | Weekday", head: head)
        let draft = try TestSupport.draft(html, url: "https://www.shop.example/en_eur/product.spit-velvet-shirt-red.html")
        #expect(draft.name == "Spit Velvet Shirt")
        #expect(draft.brand == "Weekday")
        #expect(draft.sku == "0566155005")
        #expect(draft.price == 20)
    }

    @Test func aCategoryListWithASortControlAndAResultCountIsAListing() {
        let html = page("""
            <h1 class="categorylist_headline">NAS-Systeme</h1><select name="sort" title="Sortierung"><option>Bestpreis</option></select>
            <div class="productlist__header"><span>2 Produkte</span></div>
            <div class="row"><a href="/a">Asustor AS6210T</a><span class="price">ab € 920,89</span></div>
            <div class="row"><a href="/b">QNAP TS-EC1080 Pro</a><span class="price">€ 2309,55</span></div>
            """, title: "NAS-Systeme Preisvergleich")
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://compare.example.at/?cat=hdxnas") }
        do {
            _ = try TestSupport.draft(html, url: "https://compare.example.at/?cat=hdxnas")
        } catch {
            #expect(error.kind == .listingPage)
        }
    }

    @Test(arguments: [("https://shop.example/", true), ("https://shop.example/?utm_source=x&gclid=1", true),
                      ("https://shop.example/de?lang=de", true), ("https://shop.example/?cat=hdxnas", false),
                      ("https://shop.example/?id=123", false), ("https://shop.example/index.php?route=product/product&product_id=42", false),
                      ("https://shop.example/de-de/", true), ("https://shop.example/intl", true), ("https://shop.example/cart", false),
                      ("https://shop.example/sale", false)])
    func aStartPageHasNoQueryBeyondTrackingAndLocale(url: String, isHome: Bool) throws {
        let html = page("<p>Welcome</p>", title: "Shop")
        do {
            _ = try TestSupport.draft(html, url: url)
            Issue.record("a page without a product was read")
        } catch {
            #expect((error.kind == .homePage) == isHome, "\(url): \(error.kind)")
        }
    }

    @Test(arguments: ["https://shop.example/collections/linen-shirts", "https://shop.example/product-category/shirts/",
                      "https://shop.example/de/kategorie/hemden", "https://shop.example/c/shirts-2041"])
    func aCategoryFolderInThePathMakesARefusedPageAListing(url: String) throws {
        let html = page("<h1>Linen shirts</h1><p>Light shirts for summer.</p><a href=\"/p/1\">Linen shirt</a>", title: "Linen shirts | Shop")
        do {
            _ = try TestSupport.draft(html, url: url)
            Issue.record("a page without a product was read")
        } catch {
            #expect(error.kind == .listingPage, "\(url): \(error.kind)")
        }
    }

    @Test func aProductUnderACollectionIsNoListing() throws {
        let html = page("<p>Welcome</p>", title: "Shop")
        do {
            _ = try TestSupport.draft(html, url: "https://shop.example/collections/shirts/products/linen-shirt")
            Issue.record("a page without a product was read")
        } catch {
            #expect(error.kind == .notAProduct)
        }
    }

    @Test func aShopOfItsOwnLabelIsTheBrandAMarketplaceIsNot() throws {
        let head = { (site: String) in
            "<meta property=\"og:type\" content=\"product\"><meta property=\"og:site_name\" content=\"\(site)\">"
                + "<meta property=\"og:title\" content=\"Ribbed T-shirt\"><meta property=\"og:image\" content=\"https://img.example/t.jpg\">"
                + "<meta property=\"og:price:amount\" content=\"49\"><meta property=\"og:price:currency\" content=\"EUR\">"
        }
        let own = try TestSupport.draft(page("<h1>Ribbed T-shirt</h1>", title: "Ribbed T-shirt", head: head("COS")), url: "https://www.cosstores.example/p/1")
        #expect(own.brand == "COS")
        #expect(own.sources[.brand] == .meta)
        let market = try TestSupport.draft(page("<h1>Ribbed T-shirt</h1>", title: "Ribbed T-shirt", head: head("Zalando Shop")), url: "https://www.zalando.example/p/1")
        #expect(market.brand == nil)
    }

    @Test func aTitleTailThatNamesAShopOfItsOwnLabelIsTheBrand() throws {
        let body = "<h1>gFast Blackout mesh panel leggings</h1><h5 class=\"product-price\">Now $52.00</h5><button>Add To Bag</button>"
        let own = try TestSupport.draft(page(body, title: "gFast Blackout mesh panel leggings | Gap"),
                                        url: "http://www.gap.com/browse/product.do?cid=1087823&pcid=1087124&vid=1&pid=790485012")
        #expect(own.brand == "Gap")
        // The product's id in the query is its identifier when the page prints none.
        #expect(own.sku == "790485012")
        let from = try TestSupport.draft(page(body, title: "Women's Supima Cotton Cardigan Sweater from Lands' End"), url: "https://www.landsend.com/products/womens-supima-cotton-cardigan-sweater/id_301231")
        #expect(from.brand == "Lands' End")
        let first = try TestSupport.draft(page(body, title: "Swatch® United States - Regular (Ø 36.8 MM) SKINMESH SVOM100M"), url: "http://shop.swatch.com/en_us/skinmesh-svom100m")
        #expect(first.brand == "Swatch")
        let market = try TestSupport.draft(page(body, title: "gFast Blackout mesh panel leggings | Zappos"), url: "https://www.zappos.com/p/leggings/product/1")
        #expect(market.brand == nil)
        let elsewhere = try TestSupport.draft(page(body, title: "gFast Blackout mesh panel leggings | Gap"), url: "https://leggings.example/p/1?id=7")
        #expect(elsewhere.brand == nil)
        #expect(elsewhere.sku == nil)
    }

    @Test(arguments: [
        ("https://www.gilt.com/brand/marmont-hill/product/1190485849-marmont-hill-floral-crown-skull-wood", "1190485849"),
        ("https://shop.example/p/8958197", "8958197"), ("https://shop.example/de/produkt/20231105/", "20231105"),
        ("https://shop.example/product/12345-linen-shirt", nil), ("https://shop.example/blog/1190485849-linen-shirt", nil),
        ("https://shop.example/p/1190485849x", nil),
        ("http://www.cvs.com/shop/household-grocery/batteries-flashlights/charger/ihome-compact-wall-charger-prodid-937363", "937363"),
    ])
    func aProductsNumberInTheAddressIsItsIdentifierWhenThePageShowsNone(url: String, sku: String?) throws {
        let body = "<h1>Floral Crown Skull (Wood)</h1><span class=\"price\">$89.00</span><button>Add to Cart</button>"
        #expect(try TestSupport.draft(page(body, title: "Floral Crown Skull (Wood)"), url: url).sku == sku, "\(url)")
    }

    @Test(arguments: ["Joss & Main", "AllModern", "The Home Depot", "Coolblue"])
    func shopsOfManyLabelsAreNotTheBrandWhateverTheirHost(site: String) throws {
        let head = "<meta property=\"og:type\" content=\"product\"><meta property=\"og:site_name\" content=\"\(site)\">"
            + "<meta property=\"og:title\" content=\"Duprey 4-Light Lantern Pendant\"><meta property=\"og:image\" content=\"https://img.example/p.jpg\">"
            + "<meta property=\"og:price:amount\" content=\"98.99\"><meta property=\"og:price:currency\" content=\"USD\">"
        let draft = try TestSupport.draft(page("<h1>Duprey 4-Light Lantern Pendant</h1>", title: "Duprey 4-Light Lantern Pendant", head: head),
                                          url: "https://shop.example/lighting/pdp/duprey-4-light-lantern-pendant.html")
        #expect(draft.brand == nil)
    }

    @Test func aMetaTitleThatIsTheShopsSloganGivesWayToTheHeading() throws {
        let head = "<meta property=\"og:type\" content=\"product\"><meta property=\"og:image\" content=\"https://img.example/p.jpg\">"
            + "<meta property=\"og:title\" content=\"Overstock.com: Online Shopping - Bedding, Furniture, Electronics, Jewelry, Clothing &amp; more\">"
        let body = "<h1>Certified International Elegance Canape Plates, Set of 6</h1><span id=\"product-price\">$31.49</span><button>Add To Cart</button>"
        let draft = try TestSupport.draft(page(body, title: "Shop Certified International Elegance Canape Plates, Set of 6 - Overstock", head: head),
                                          url: "https://www.overstock.com/Home-Garden/Certified-International-Elegance-Canape-Plates-Set-of-6/29099468/product.html")
        #expect(draft.name == "Certified International Elegance Canape Plates, Set of 6")
        #expect(draft.category == nil, "the slogan's \"Jewelry, Clothing\" is not the piece")
        #expect(draft.goods == "kitchen appliance")
    }

    @Test func aValueSplitIntoPartsBesideItsLabelIsTheIdentifier() throws {
        let html = page("""
            <h1>Glazed Plate 19 cm</h1><span class="price">€8</span><button class="add-to-cart">Add to bag</button>
            <div><span class="pdp-label">ID </span><span class="pdp-value"><span>5</span><span>70</span><span>307</span><span>-</span><span>720</span></span></div>
            """, title: "Glazed Plate")
        #expect(try TestSupport.draft(html, url: "https://shop.example/p/plate").sku == "570307-720")
    }
}
