import Foundation
import HTML

/// Tells apart the pages that are not one product, so they get a clear error saying which
/// kind of page it was: error pages, robot checks, sign-in pages, search results, home pages
/// and listings.
enum PageGate {
    /// The error for a page that showed no single product; `tagCount` is the page's own count of
    /// start tags (the tree may leave blocks out).
    static func refusal(for document: HTMLDocument, pageURL: URL, scripts: [HTMLScript], tagCount: Int) -> ImportError {
        let (title, heading) = titleAndHeading(document)
        let heads = title + " " + heading
        if errorPhrases.contains(where: heads.includes) || tagCount < 24 && isRedirectStub(document) {
            return ImportError(.errorPage, detail: "error page: \(title)")
        }
        // A real bot wall is a small page; large pages mention captchas in their scripts and
        // widgets without being one, so markup only counts on small pages.
        if botWallPhrases.contains(where: title.includes) || botWallPhrases.contains(where: heading.includes)
            || tagCount < 400 && hasBotWallMarkup(document) || hasCaptchaForm(document) {
            return ImportError(.botWall, detail: "bot check: \(title)")
        }
        // A title calling the page the shop itself names its start page, whatever side bar (a sign-in box) it has.
        if shopPhrases.contains(where: { title.trimmed.hasPrefix($0) }) {
            return ImportError(.homePage, detail: "home page: \(title)")
        }
        let hasPassword = document.elements(named: "input").contains { $0["type"]?.lowercased() == "password" }
        // A side bar's sign-in box on a page of priced tiles (molypoly.ru's start page) makes no sign-in page.
        if hasPassword && (loginPhrases.contains(where: heads.includes) || document.elements(named: "form").count <= 3 && productTiles(in: document) < 4) {
            return ImportError(.loginRequired, detail: "sign-in form: \(title)")
        }
        if isSearch(pageURL) || searchPhrases.contains(where: heads.includes) {
            return ImportError(.searchResults, detail: "search results: \(title)")
        }
        if isHome(pageURL) {
            return ImportError(.homePage, detail: "home page: \(title)")
        }
        let isArticle = document.first(named: "article") != nil
            || scripts.contains { $0.isJSONLD && articleTypes.contains(where: $0.text.includes) }
        if !isArticle, scripts.contains(where: \.declaresProductList)
            || productTiles(in: document) >= 4 || listsResults(document) || isRanking(pageURL) || namesCategory(pageURL)
            || sellsOnlyFromTiles(document) || repeatsPricedTiles(document) {
            return ImportError(.listingPage, detail: "listing: \(title)")
        }
        return ImportError(.notAProduct, detail: "no product data: \(title)")
    }

    /// The page's title and first `h1`, lowercased, as the gates read them.
    private static func titleAndHeading(_ document: HTMLDocument) -> (title: String, heading: String) {
        let title = document.first(named: "title").map { document.text(of: $0).lowercased() } ?? ""
        let heading = document.first(named: "h1").map { document.text(of: $0).lowercased() } ?? ""
        return (title, heading)
    }

    /// Search pages: a search path or a query parameter shops use for search words.
    static func isSearch(_ url: URL) -> Bool {
        if isSearchPath(url) { return true }
        let keys = queryKeys(url)
        return keys.contains { ["q", "k", "query", "search", "searchterm", "search_query", "keyword", "keywords", "_nkw", "text", "searchkeyword", "kwd"].contains($0) }
    }

    /// A search page's path: `/search`, `/suche`, `/s`…
    static func isSearchPath(_ url: URL) -> Bool {
        let path = url.path.lowercased()
        return ["/search", "/suche", "/recherche", "/buscar", "/ricerca"].contains(where: path.includes) || path == "/s"
    }

    /// The address's query keys, lowercase.
    private static func queryKeys(_ url: URL) -> [String] {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map { $0.name.lowercased() } ?? []
    }

    /// Ranked lists: Amazon's best sellers, new releases and movers (`/gp/bestsellers/ce-de`,
    /// `/zgbs/`), and the "best sellers" pages other shops keep under that name.
    static func isRanking(_ url: URL) -> Bool {
        let path = url.path.lowercased()
        return ["/gp/bestsellers", "/zgbs/", "/gp/new-releases", "/gp/movers-and-shakers", "/gp/most-wished-for", "/best-sellers", "/bestsellers"]
            .contains { path.hasPrefix($0) || path.contains($0 + "/") }
    }

    /// A category chosen in the query (`geizhals.at/?cat=hwaeschtr`, `index.php?category=12`): with no
    /// product found on the page, it lists the category.
    static func namesCategory(_ url: URL) -> Bool {
        let keys = queryKeys(url)
        if keys.contains(where: { ["cat", "category", "categoryid", "category_id", "cid"].contains($0) }) { return true }
        // A category in the path: Shopify's `/collections/shirts` (but not `/collections/shirts/products/x`),
        // WooCommerce's `/product-category/`, and the category folders other shops use.
        let segments = url.path.lowercased().split(separator: "/").map(String.init)
        guard !segments.contains(where: { ["products", "product", "p", "dp", "item", "itm"].contains($0) }) else { return false }
        return segments.dropLast().contains(where: categoryFolders.contains)
    }

    /// Path folders that hold a shop's category pages.
    private static let categoryFolders: Set<String> = [
        "collections", "collection", "product-category", "category", "categories", "kategorie", "kategorien", "categorie", "categoria",
        "categorias", "kategoria", "c",
    ]

    /// Home pages: no path, or only language or country segments such as `/en` or `/de-de/`,
    /// optionally ending in a start page file (`/index.html`, `/main/Main.jsp`, `/en/home`), and no
    /// query beyond tracking and locale (`/?cat=hdxnas` is a category, `/?id=123` a product).
    static func isHome(_ url: URL) -> Bool {
        let keys = queryKeys(url)
        if keys.contains(where: { key in !key.hasPrefix("utm_") && !homeQueryKeys.contains(key) }) { return false }
        var segments = url.path.split(separator: "/").map { $0.lowercased() }
        if let last = segments.last, startPages.contains(String(last.split(separator: ".").first ?? "")) { segments.removeLast() }
        switch segments.count {
        case 0: return true
        // "/en", "/de-de", "/intl": a locale alone; "/cart" and "/sale" are pages of their own.
        case 1: return isLocale(segments[0]) || startPages.contains(segments[0]) || ["intl", "int", "global"].contains(segments[0])
        case 2: return segments.allSatisfy(isLocale)  // "/en/us", "/tw/zh-tw"
        default: return false
        }
    }

    /// Query keys a start page may carry: tracking and locale.
    private static let homeQueryKeys: Set<String> = [
        "gclid", "fbclid", "msclkid", "ref", "referrer", "source", "src", "campaign", "lang", "language", "hl", "locale", "country",
        "region", "currency", "mc_cid", "mc_eid", "_ga", "igshid",
    ]

    /// A result list: a sort control, a count of results ("2 Produkte", "1.234 results") and no
    /// add-to-cart control. Category pages of comparison sites list a handful of products with
    /// no tiles to count.
    private static func listsResults(_ document: HTMLDocument) -> Bool {
        let sorts = document.elements(named: "select").contains { sortLabels.matches($0) }
        guard sorts, !BuyButton.exists(in: document) else { return false }
        return document.texts.contains { run in
            guard run.utf8.count <= 48, let first = run.first(where: { !$0.isWhitespace }), first.isNumber else { return false }
            let words = run.lowercased().split(whereSeparator: { $0.isWhitespace })
            return words.count == 2 && words[0].allSatisfy { $0.isNumber || $0 == "." || $0 == "," } && resultWords.contains(String(words[1]))
        }
    }

    private static let sortLabels = AttributeWords(["sort", "trier", "ordenar", "ordina", "orderby", "order-by", "order_by"],
                                                   in: ["name", "id", "class", "title", "aria-label", "data-testid"])

    /// "N products" in the languages the importer reads.
    private static let resultWords: Set<String> = [
        "products", "product", "results", "result", "items", "produkte", "produkt", "artikel", "ergebnisse", "treffer", "produits",
        "résultats", "articles", "productos", "resultados", "artículos", "prodotti", "risultati", "articoli", "produtos", "artigos",
        "producten", "resultaten", "produktów", "produkty", "wyników",
    ]

    /// "en", "de-de", "zh_tw": a language or country segment.
    private static func isLocale(_ segment: String) -> Bool {
        let parts = segment.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return (1...2).contains(parts.count) && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isLetter) }
    }

    /// Names shops give their start page file.
    private static let startPages: Set<String> = ["index", "home", "main", "default", "start", "homepage"]

    /// How many product tiles (a link with a picture and a price) the page repeats.
    private static func productTiles(in document: HTMLDocument) -> Int {
        var count = 0
        for element in document.elements where (element.tag == "li" || element.tag == "article" || element.tag == "div") && tileLabels.matches(element) {
            let label = ((element["class"] ?? "") + " " + (element["data-testid"] ?? "")).lowercased()
            guard ["product", "tile", "card", "item"].contains(where: label.includes), element.subtreeEnd - element.index < 80 else { continue }
            // Tiles of "You may also like" and "Recently viewed" blocks sit on product pages too, and so do the lines of the
            // header's mini cart (ctshirts.co.uk's `header__bag_item`).
            if miniCartLabels.matches(element) || document.ancestor(of: element, where: { otherProductsLabels.matches($0) || miniCartLabels.matches($0) }) != nil {
                continue
            }
            guard holdsTileParts(element, document, linkNeedsAddress: false) else { continue }
            count += 1
            if count >= 4 { return count }
        }
        return count
    }

    /// Whether a page at a search address shows one product and no results: a shop that sends a search for an article
    /// number to its page keeps the query (ctshirts.co.uk's `…/Navy-and-black-seersucker-Classic-fit-shorts?q=gbpdefault||hb095blk||…`).
    /// Only the query can say so: a search path, search wording in the title or heading, or tiles make the page a search.
    static func showsOneProduct(_ document: HTMLDocument, at url: URL) -> Bool {
        guard !isSearchPath(url) else { return false }
        let (title, heading) = titleAndHeading(document)
        let heads = title + " " + heading
        return !searchPhrases.contains(where: heads.includes) && productTiles(in: document) < 2 && !listsResults(document)
            && !sellsOnlyFromTiles(document) && !repeatsPricedTiles(document)
    }

    /// Whether one list holds three or more priced tiles side by side, whatever they are called (ctshirts.co.uk's
    /// `<ul class="teasers"><li class=""><span class="prodcontainer">…`), outside the blocks of other products.
    static func repeatsPricedTiles(_ document: HTMLDocument) -> Bool {
        for list in document.elements where list.tag == "ul" || list.tag == "ol" {
            guard list.subtreeEnd - list.index < 4_000 else { continue }
            var tiles = 0
            for item in document.children(of: list) where item.tag == "li" && isTile(item, document) {
                tiles += 1
                if tiles >= 3 { break }
            }
            guard tiles >= 3 else { continue }
            if BuyBoxPrice.inRecommendations(list, document) || otherProductsLabels.matches(list) || PageChrome.contains(list, document) { continue }
            return true
        }
        return false
    }

    /// Whether every add-to-cart button of the page sits in a tile of its own, two or more alike, and the main heading in none:
    /// a category page that sells from its tiles (sumka-style.ru's `<li class="catalog-item"><form>… В корзину`), with no
    /// buy box of its own.
    static func sellsOnlyFromTiles(_ document: HTMLDocument) -> Bool {
        let buttons = BuyButton.buttons(in: document, limit: 60)
        guard buttons.count >= 2 else { return false }
        var tiles: [HTMLElement] = []
        for button in buttons {
            guard let tile = document.ancestor(of: button, within: 12, where: { isTile($0, document) }) else { return false }
            if tiles.contains(where: { $0.index == tile.index }) { continue }
            tiles.append(tile)
        }
        // Tiles repeat one markup; a sticky bar's copy of the buy box is classed otherwise than the buy box.
        guard tiles.count >= 2, tiles.allSatisfy({ $0.tag == tiles[0].tag && $0["class"] == tiles[0]["class"] }) else { return false }
        let heading = document.first(named: "h1")
        return !tiles.contains { tile in heading.map { $0.index > tile.index && $0.index < tile.subtreeEnd } ?? false }
    }

    /// A small block with a picture, a link and a price-labelled element: one product's tile.
    private static func isTile(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        guard ["li", "article", "div", "td"].contains(element.tag), element.subtreeEnd - element.index < 80 else { return false }
        return holdsTileParts(element, document, linkNeedsAddress: true)
    }

    /// Whether `element` holds what a product's tile shows: a picture, a link (one with an address, when asked) and an
    /// element classed or marked as the price.
    private static func holdsTileParts(_ element: HTMLElement, _ document: HTMLDocument, linkNeedsAddress: Bool) -> Bool {
        let inside = document.descendants(of: element)
        return inside.contains(where: { $0.tag == "img" }) && inside.contains(where: { $0.tag == "a" && (!linkNeedsAddress || $0["href"] != nil) })
            && inside.contains(where: { (($0["class"] ?? "") + ($0["itemprop"] ?? "")).lowercased().includes("price") })
    }

    /// JSON-LD types of editorial pages, which may mention products without listing them.
    private static let articleTypes = ["\"Article\"", "\"NewsArticle\"", "\"BlogPosting\""]

    private static let miniCartLabels = AttributeWords(
        ["minicart", "mini-cart", "mini_cart", "cart-drawer", "header__bag", "basket-preview", "cart-preview"], in: ["id", "class"])
    private static let tileLabels = AttributeWords(["product", "tile", "card", "item"], in: ["class", "data-testid"])
    private static let otherProductsLabels = AttributeWords(
        BuyBoxPrice.otherProductsBlockWords + ["also-viewed", "you-may"], in: ["id", "class"])

    private static let errorPhrases = [
        "404", "page not found", "not found", "page doesn't exist", "page does not exist", "no longer exists",
        "seite nicht gefunden", "nicht gefunden", "page introuvable", "page non trouvée", "página no encontrada",
        "pagina non trovata", "pagina niet gevonden", "strona nie została znaleziona", "página não encontrada",
        "500 internal server error", "something went wrong", "we're sorry",
        // A server's status page instead of the shop's ("301 Moved Permanently", "503 Service Unavailable").
        "moved permanently", "302 found", "403 forbidden", "410 gone", "bad gateway", "service unavailable", "gateway timeout",
        "ページが見つかりません", "お探しのページ", "找不到", "頁面不存在", "页面不存在", "페이지를 찾을 수 없습니다", "요청하신 페이지",
    ]

    private static let botWallPhrases = [
        "just a moment", "attention required", "access denied", "are you a robot", "are you a human", "captcha",
        "verify you are human", "verifying you are human", "robot check", "pardon our interruption", "bot detection",
        "security check", "unusual traffic", "request blocked", "zugriff verweigert", "sorry, you have been blocked",
        "ロボットではありません", "로봇이 아닙니다", "验证码", "驗證碼", "보안문자",
    ]

    private static let searchPhrases = [
        "search results", "results for", "suchergebnisse", "ergebnisse für", "résultats pour", "résultats de recherche",
        "resultados de", "resultados para", "risultati per", "risultati della ricerca", "zoekresultaten", "wyniki wyszukiwania",
        "検索結果", "搜尋結果", "搜索结果", "검색결과", "검색 결과",
    ]

    /// A title that starts by calling the page the online shop ("Интернет магазин корейской косметики", "Online shop for
    /// …") is the shop's start page.
    private static let shopPhrases = [
        "online shop", "online store", "onlineshop", "online-shop", "boutique en ligne", "tienda online", "tienda en línea",
        "negozio online", "loja online", "sklep internetowy", "интернет магазин", "интернет-магазин", "інтернет магазин",
        "інтернет-магазин",
    ]

    private static let loginPhrases = [
        "sign in", "log in", "login", "sign-in", "anmelden", "einloggen", "connexion", "se connecter",
        "iniciar sesion", "iniciar sesión", "accedi", "accesso", "my account",
    ]

    /// Markup only a challenge page has. Not "challenge-platform" (Cloudflare injects its bot
    /// detection script under that path into ordinary pages) nor "datadome" (its tag script loads
    /// on ordinary pages too; its wall is the captcha-delivery frame).
    private static func hasBotWallMarkup(_ document: HTMLDocument) -> Bool {
        let markers = ["cf-challenge", "challenge-form", "g-recaptcha", "h-captcha", "px-captcha",
                       "captcha-delivery", "_incapsula_", "cf-turnstile", "cf_chl_opt"]
        for element in document.elements {
            let label = ((element["id"] ?? "") + " " + (element["class"] ?? "") + " " + (element["src"] ?? "")).lowercased()
            if markers.contains(where: label.includes) { return true }
        }
        for script in document.scripts where script["src"] == nil && script.source.count < 50_000 {
            let text = script.text.lowercased()
            if markers.contains(where: text.includes) { return true }
        }
        return false
    }

    /// A server's bare redirect body ("Redirecting to https://shop.example", "The document has
    /// moved here"): a handful of tags, and the page it names was not fetched.
    private static func isRedirectStub(_ document: HTMLDocument) -> Bool {
        let text = document.texts.joined(separator: " ").lowercased()
        return redirectPhrases.contains(where: text.includes)
    }

    private static let redirectPhrases = ["redirecting to", "document has moved", "page has moved", "you are being redirected", "weiterleitung"]

    /// Amazon's robot check: a form posting to `validateCaptcha`.
    private static func hasCaptchaForm(_ document: HTMLDocument) -> Bool {
        document.elements(named: "form").contains { ($0["action"] ?? "").lowercased().includes("captcha") }
    }
}
