import Foundation
import ProductImport
import Testing

/// Pages that are not one product are refused, and the error says which kind of page it was.
@Suite struct RefusalTests {
    private func refusal(_ html: String, url: String) -> ImportError.Kind? {
        do {
            _ = try TestSupport.draft(html, url: url)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func aProductPageReachedThroughASearchForItsNumberIsAProduct() throws {
        // ctshirts.co.uk sends a search for an article number to its page and keeps the query; the header's mini cart is no tile.
        let html = """
            <html><head><title>Navy and black seersucker Classic fit shorts | Charles Tyrwhitt</title></head><body>
            <div class="header__bag_item_list"><div class="header__bag_item"><a href="/bag"><img src="/b.jpg"></a><span class="price">£20</span></div></div>
            <h1>Navy and black seersucker Classic fit shorts</h1><span class="meta sku">HB095BLK</span>
            <strong class='price standard'>£34.95</strong><input type="submit" value="Add to bag"></body></html>
            """
        let url = "https://www.ctshirts.co.uk/mens-casualwear/mens-shorts/Navy-and-black-seersucker-Classic-fit-shorts?q=gbpdefault||hb095blk|||"
        #expect(refusal(html, url: url) == nil)
        #expect(try TestSupport.draft(html, url: url).price == 34.95)
    }

    @Test func aCategoryAtTheSameKindOfAddressIsNoProduct() {
        // The same shop's category keeps `?q=` too; its tiles are plain `<li>`s around a `span.prodcontainer`.
        let tile = { (id: Int) in
            "<li class=\"\"><span class=\"prodcontainer\"><a class=\"img\" href=\"/mens-shorts/s\(id)?q=gbpdefault||s\(id)|\"><img src=\"/\(id).jpg\"></a>"
                + "<h3><a href=\"/mens-shorts/s\(id)\">Shorts \(id)</a></h3><span class=\"price\"><ins>£34.95</ins></span></span></li>"
        }
        let html = """
            <html><head><title>Men's shorts from Charles Tyrwhitt</title></head><body><h1>Men's casualwear</h1>
            <ul class="teasers">\((1...4).map(tile).joined())</ul><input type="submit" value="Add to bag"></body></html>
            """
        #expect(refusal(html, url: "https://www.ctshirts.co.uk/mens-casualwear/mens-shorts?q=gbpdefault|||||") != nil)
    }

    @Test func searchResultsAreNamed() {
        let html = "<html><head><title>Results for “linen shirt”</title></head><body><h1>42 results for linen shirt</h1><button>Add to cart</button><span class=\"price\">€20</span></body></html>"
        #expect(refusal(html, url: "https://shop.example.com/search?q=linen+shirt") == .searchResults)
    }

    @Test func homePagesAreNamed() {
        let html = "<html><head><title>Fieldhouse – menswear</title></head><body><h1>New season</h1><span class=\"price\">€20</span><button>Add to cart</button></body></html>"
        #expect(refusal(html, url: "https://www.fieldhouse.example/en/") == .homePage)
    }

    @Test func listingsAreNamed() {
        var tiles = ""
        for index in 0..<6 {
            tiles += "<li class=\"product-tile\"><a href=\"/p/\(index)\"><img src=\"/i/\(index).jpg\"></a><span class=\"price\">€\(20 + index)</span></li>"
        }
        let html = "<html><head><title>Shirts</title></head><body><h1>Shirts</h1><ul>\(tiles)</ul></body></html>"
        #expect(refusal(html, url: "https://shop.example.com/collections/shirts") == .listingPage)
    }

    @Test(arguments: ["https://www.amazon.de/gp/bestsellers/ce-de", "https://www.amazon.com/Best-Sellers-Electronics/zgbs/electronics", "https://shop.example.com/best-sellers/"])
    func bestSellerRankingsAreListings(url: String) {
        let html = "<html><head><title>Amazon.de Bestseller: Die beliebtesten Artikel in Elektronik &amp; Foto</title></head><body></body></html>"
        #expect(refusal(html, url: url) == .listingPage)
    }

    @Test(arguments: ["https://geizhals.at/?cat=hwaeschtr&xf=1027_W%E4rmepumpentrockner", "https://shop.example.com/index.php?category=12"])
    func aCategoryChosenInTheQueryIsAListing(url: String) {
        let html = "<html><head><title>Trockner mit Typ: Wärmepumpentrockner Preisvergleich Geizhals Österreich</title></head><body><h2>Filter</h2></body></html>"
        #expect(refusal(html, url: url) == .listingPage)
    }

    @Test(arguments: ["https://www.momo.example.tw/main/Main.jsp", "https://shop.example.com/en/us/", "https://shop.example.com/zh-tw/index.html"])
    func aStartPageFileOrALocaleFolderIsAHomePage(url: String) {
        let html = "<html><head><title>Fieldhouse</title></head><body><h1>New season</h1><span class=\"price\">€20</span><button>Add to cart</button></body></html>"
        #expect(refusal(html, url: url) == .homePage)
    }

    @Test func aProductUnderAShortFolderIsNotAHomePage() throws {
        let html = "<html><head><title>Linen shirt</title></head><body><h1>Linen shirt</h1><span class=\"price\">€20</span><button>Add to cart</button></body></html>"
        #expect(try TestSupport.draft(html, url: "https://shop.example.com/p/linen").name == "Linen shirt")
    }

    @Test func errorPagesAreNamed() {
        let html = "<html><head><title>Page not found</title></head><body><h1>Sorry, this page does not exist</h1></body></html>"
        #expect(refusal(html, url: "https://shop.example.com/products/gone") == .errorPage)
    }

    @Test(arguments: [
        ("<html><head><title>301 Moved Permanently</title></head><body><h1>Moved Permanently</h1><p>The document has moved <a href=\"https://www.shop.example/nl/\">here</a>.</p></body></html>", "https://shop.example/"),
        ("Redirecting to <a href=\"https://shop.example\">https://shop.example</a>.", "https://shop.example/"),
        ("<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>", "https://shop.example/p/linen-shirt"),
    ])
    func aServersStatusOrRedirectBodyIsAnErrorPageEvenAtTheHomeAddress(html: String, url: String) {
        #expect(refusal(html, url: url) == .errorPage)
    }

    @Test func aProductPageThatMentionsARedirectIsStillRead() throws {
        let html = "<html><head><title>Linen shirt</title></head><body><h1>Linen shirt</h1><p>Redirecting to checkout after you pay.</p><span class=\"price\">€20</span><button>Add to cart</button></body></html>"
        #expect(try TestSupport.draft(html, url: "https://shop.example.com/p/linen").name == "Linen shirt")
    }

    @Test func amazonsCaptchaFormIsARobotCheck() {
        let html = "<html><head><title>Amazon.com</title></head><body><h4>Enter the characters you see below</h4><form action=\"/errors/validateCaptcha\"><input name=\"field-keywords\"></form></body></html>"
        #expect(refusal(html, url: "https://www.amazon.com/dp/B000000003") == .botWall)
    }

    @Test func aLargePageMentioningCaptchaInAWidgetIsNotCalledARobotCheck() {
        var filler = ""
        for index in 0..<500 { filler += "<div class=\"row\"><span>line \(index)</span></div>" }
        let html = "<html><head><title>Journal</title></head><body><h1>How we dye our linen</h1><div class=\"g-recaptcha\"></div>\(filler)</body></html>"
        #expect(refusal(html, url: "https://shop.example.com/journal/dyeing") == .notAProduct)
    }

    @Test func cloudflaresDetectionScriptAndDataDomesTagOnAnOrdinaryPageAreNotARobotCheck() {
        let html = """
            <html><head><title>Journal</title><script src="https://js.datadome.co/tags.js" async></script></head>
            <body><h1>How we dye our linen</h1><p>Natural dyes only.</p>
            <script>(function(){var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.head.appendChild(a);})();</script>
            </body></html>
            """
        #expect(refusal(html, url: "https://shop.example.com/journal/dyeing") == .notAProduct)
    }

    @Test func everyKindHasItsOwnUserMessage() {
        let kinds: [ImportError.Kind] = [.listingPage, .searchResults, .homePage, .errorPage, .botWall, .notAProduct]
        let messages = Set(kinds.map { ImportError($0).userMessage })
        #expect(messages.count == kinds.count)
    }

    /// Some shops tag every page "og:type product", the front page too (planetadeagostini.es).
    @Test func aFrontPageTaggedAsAProductWithoutAPriceIsTheHomePage() {
        let html = """
            <html lang="es"><head><title>Colecciones y hobbies</title><meta property="og:type" content="product">
            <meta property="og:title" content="Colecciones y hobbies"><meta property="og:image" content="https://img.example/logo.png"></head>
            <body><h2>Novedades</h2><a href="/coleccion/1">Colección 1</a></body></html>
            """
        #expect(refusal(html, url: "https://www.coleccion.example/") == .homePage)
        // The same tags with a price on a product's address are a product.
        let priced = html.replacingOccurrences(of: "</head>", with: "<meta property=\"product:price:amount\" content=\"9.99\"><meta property=\"product:price:currency\" content=\"EUR\"></head>")
        #expect(refusal(priced, url: "https://www.coleccion.example/coleccion/1") == nil)
    }
}
