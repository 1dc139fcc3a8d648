import Images

/// A loopback shop for import flows: a clothing product page (JSON-LD pointing at a product photo on
/// the same server), the photo, a toaster (goods that are not clothing) and a sign-in page.
public enum LoopbackShop {
    /// Starts the shop; `/products/trouser`, `/media/trouser.jpg`, `/products/toaster` and `/login` answer, anything else is a 404.
    public static func start() throws -> LoopbackHTTPServer {
        let photo = try SyntheticPhoto.generate(width: 1600, height: 2400, format: .jpeg, quality: 85)
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/products/trouser":
                return .text(
                    """
                    <!doctype html><html><head><title>Pleated wide-leg trouser</title>
                    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Pleated wide-leg trouser",
                    "brand":{"@type":"Brand","name":"Atelier Nord"},"material":"100% wool","color":"Navy Blue",
                    "image":"/media/trouser.jpg","offers":{"@type":"Offer","price":"189.00","priceCurrency":"EUR"}}</script>
                    </head><body><h1>Pleated wide-leg trouser</h1></body></html>
                    """, contentType: "text/html; charset=utf-8")
            case "/media/trouser.jpg":
                return LoopbackResponse(headers: [("Content-Type", "image/jpeg")], body: photo)
            case "/products/toaster":
                return .text(
                    """
                    <!doctype html><html><head><title>Retro 2-slice toaster</title>
                    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Retro 2-slice toaster",
                    "brand":{"@type":"Brand","name":"Kitchen Co"},"offers":{"@type":"Offer","price":"39.00","priceCurrency":"EUR"}}</script>
                    </head><body><h1>Retro 2-slice toaster</h1></body></html>
                    """, contentType: "text/html; charset=utf-8")
            case "/login":
                return .text("<html><head><title>Sign in</title></head><body><form><input type=password name=password></form></body></html>", contentType: "text/html")
            default:
                return .text("not found", status: 404)
            }
        }
    }
}
