import Foundation
import HTML

/// A shop page whose content its scripts draw (PChome, Coupang and many shops in Taiwan and
/// Korea), saved or fetched before they ran: the body is an empty mount point and only the share
/// tags name the product. Such a page is still one product, with a name and a photo, when
/// everything agrees: `og:title` and `og:image` are there, `og:type` is not an article or a
/// profile, the link is shaped like a product's, the keyword rules know what the name is, and the
/// page shows almost no text of its own.
enum ScriptShell {
    static func isProduct(metas: [HTMLTag], document: HTMLDocument, pageURL: URL, namesKind: (String) -> Bool) -> Bool {
        func meta(_ key: String) -> String? { metas.metaContent(key)?.trimmed }
        guard let title = meta("og:title"), !title.isEmpty, let image = meta("og:image"), !image.isEmpty else { return false }
        if let type = meta("og:type")?.lowercased(), notProductTypes.contains(where: type.hasPrefix) { return false }
        guard looksLikeProductLink(pageURL), document.first(named: "article") == nil else { return false }
        var shown = 0
        for text in document.texts {
            shown += text.utf8.count
            if shown > maximumShownText { return false }
        }
        return namesKind(title)
    }

    /// How much text a page drawn by scripts shows before they run (a header, a footer, a "please
    /// enable JavaScript" line); a rendered page without product data shows far more.
    static let maximumShownText = 4_000

    private static let notProductTypes = ["article", "profile", "video", "music", "blog", "book.author"]

    /// Paths and queries shops use for one product: `/prod/…`, `/products/…`, `/goods/…`, `/item/…`,
    /// `/vp/products/…`, `GoodsDetail.jsp?i_code=…`, `?goodscode=…`, `?prdNo=…`.
    static func looksLikeProductLink(_ url: URL) -> Bool {
        let segments = url.path.lowercased().split(separator: "/").map(String.init)
        if segments.contains(where: { productSegments.contains($0) || $0.hasPrefix("goodsdetail") || $0.hasPrefix("productdetail") }) {
            return true
        }
        let keys = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map { $0.name.lowercased() } ?? []
        return keys.contains { productQueryKeys.contains($0) }
    }

    private static let productSegments: Set<String> = [
        "prod", "product", "products", "goods", "item", "items", "itm", "dp", "vp", "detail", "details", "shop-item", "artikel", "produkt",
        "produit", "producto", "prodotto", "produto", "商品", "상품",
    ]

    private static let productQueryKeys: Set<String> = [
        "i_code", "goodscode", "goodsno", "goods_no", "goodsid", "itemid", "item_id", "itemno", "productid", "product_id", "product_no",
        "prdno", "prodno", "prd_no", "pid", "sku",
    ]
}
