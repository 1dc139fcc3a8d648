/// A generated product page of a given size, shaped like a real shop page: a long head of
/// meta and link tags, a JavaScript bundle, a Next.js data blob, a JSON-LD block, mega-menu
/// navigation, a gallery with srcsets, a grid of recommended products and a footer.
public enum BenchmarkPage {
    /// The page HTML, at least `bytes` long. Without `structuredData` the JSON-LD block is left
    /// out, so the importer must build the full tree (the slow path).
    public static func html(bytes: Int = 2_000_000, structuredData: Bool = true) -> String {
        var page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Pleated Wide-Leg Trouser | Atelier Nord</title>\n"
        for index in 0..<60 {
            page += "<link rel=\"preload\" href=\"/assets/chunk-\(index).js\" as=\"script\"><meta name=\"x-tag-\(index)\" content=\"value \(index)\">\n"
        }
        if structuredData { page += jsonLD }
        page += """
        <meta property="og:type" content="product"><meta property="og:title" content="Pleated Wide-Leg Trouser">
        <meta property="og:image" content="https://cdn.atelier-nord.example/img/trouser-front.jpg">
        <meta property="product:price:amount" content="189.00"><meta property="product:price:currency" content="EUR">

        """
        let target = bytes
        // About a fifth of the page is a minified script bundle.
        page += "<script>"
        var function = 0
        while page.utf8.count < target / 5 {
            page += "function f\(function)(a,b){var c=a+b*\(function);if(c>\(function)){return document.querySelector('#n\(function)')}return c.toString(16)};"
            function += 1
        }
        page += "</script>\n<script id=\"__NEXT_DATA__\" type=\"application/json\">{\"props\":{\"pageProps\":{\"product\":{\"name\":\"Pleated Wide-Leg Trouser\",\"price\":{\"current\":189,\"currency\":\"EUR\"},\"images\":[\"/img/trouser-front.jpg\"],\"sku\":\"AN-7781\"},\"recommendations\":["
        var item = 0
        while page.utf8.count < target * 2 / 5 {
            if item > 0 { page += "," }
            page += "{\"name\":\"Related piece \(item)\",\"price\":{\"current\":\(40 + item % 90)},\"images\":[\"/img/r\(item).jpg\"],\"sku\":\"R\(item)\",\"tags\":[\"wool\",\"new\",\"sale\"],\"stock\":{\"s\":\(item % 5),\"m\":\(item % 7)}}"
            item += 1
        }
        page += "]}}}</script></head><body><header class=\"site-header\"><nav class=\"mega-menu\"><ul>"
        var link = 0
        while page.utf8.count < target / 2 {
            page += "<li class=\"menu-item\"><a href=\"/collections/c\(link)\" data-track=\"nav-\(link)\"><span>Category \(link)</span></a></li>"
            link += 1
        }
        page += """
        </ul></nav></header><main id="product"><nav aria-label="breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/women">Women</a></li><li><a href="/women/trousers">Trousers</a></li></ol></nav>
        <div class="product-gallery"><img src="/img/trouser-front-400.jpg" srcset="/img/trouser-front-400.jpg 400w, /img/trouser-front-1600.jpg 1600w" alt="front"></div>
        <h1 class="product-title">Pleated Wide-Leg Trouser</h1><p class="price">€189.00</p>
        <div class="recommendations">
        """
        var card = 0
        while page.utf8.count < target - 20_000 {
            page += "<div class=\"card\"><a href=\"/p/\(card)\"><img loading=\"lazy\" data-src=\"/img/c\(card).jpg\" data-srcset=\"/img/c\(card)-400.jpg 400w, /img/c\(card)-800.jpg 800w\" width=\"400\" alt=\"Piece \(card)\"></a><h3>Related piece \(card)</h3><span class=\"price\">€\(40 + card % 90).00</span><button type=\"button\" class=\"btn add\">Add to bag</button></div>\n"
            card += 1
        }
        page += "</div></main><footer>"
        while page.utf8.count < target {
            page += "<p class=\"legal\">Atelier Nord GmbH · Imprint · Privacy · Terms · Shipping &amp; returns</p>"
        }
        page += "</footer></body></html>"
        return page
    }

    private static let jsonLD = """
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Pleated Wide-Leg Trouser",
        "brand":{"@type":"Brand","name":"Atelier Nord"},"material":"100% wool","color":"Navy","sku":"AN-7781",
        "image":["https://cdn.atelier-nord.example/img/trouser-front.jpg","https://cdn.atelier-nord.example/img/trouser-back.jpg"],
        "description":"Pleated trousers in pure wool with a wide leg.",
        "offers":{"@type":"Offer","price":"189.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script>

        """
}
