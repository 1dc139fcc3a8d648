import Foundation
import ProductImport
import Testing

/// Shop pages whose scripts draw the content, read before they ran: only the share tags name the product.
@Suite struct ScriptShellTests {
    private func shell(title: String, type: String? = "website", image: Bool = true, body: String = "<div id=\"root\"></div>") -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>\(title) - Shop</title>
        <meta property="og:title" content="\(title)">
        \(image ? "<meta property=\"og:image\" content=\"https://cdn.shop.example/items/1.jpg\">" : "")
        \(type.map { "<meta property=\"og:type\" content=\"\($0)\">" } ?? "")
        <meta property="og:description" content="\(title)">
        </head><body>\(body)<script src="/js/app.js"></script></body></html>
        """
    }

    @Test(arguments: [
        ("UNIQLO 男裝 AIRism棉質圓領T恤", "https://24h.pchome.com.tw/prod/DYAJ1A-A900GRUMK", "top"),
        ("여성 린넨 와이드 팬츠", "https://www.coupang.com/vp/products/7207461920?itemId=18198231021", "bottom"),
        ("Robe chemise en lin", "https://www.shop.example.fr/produit/robe-chemise-lin-123", "dress"),
        ("Leather ankle boots", "https://shop.example.com/goods/GoodsDetail.jsp?i_code=1234567", "shoes"),
    ])
    func aScriptDrawnProductPageImportsItsNameAndPhoto(title: String, url: String, category: String) throws {
        let draft = try TestSupport.draft(shell(title: title), url: url)
        #expect(draft.name == title)
        #expect(draft.category?.rawValue == category)
        #expect(draft.images.first?.absoluteString == "https://cdn.shop.example/items/1.jpg")
        #expect(draft.price == nil)
    }

    @Test func goodsNamedByTheShareTagsAreGoods() throws {
        let draft = try TestSupport.draft(shell(title: "Dyson V15 Detect 無線吸塵器"), url: "https://24h.pchome.com.tw/prod/DMAB3C-A900FXYZ1")
        #expect(draft.goods == "cleaning appliance")
    }

    @Test(arguments: [
        // An article about a shirt, a profile, a page without a photo, a link that is no product's, a name nobody knows.
        ("Linen shirt", "article", true, "https://shop.example.com/products/linen-shirt", "<div id=\"root\"></div>"),
        ("Linen shirt", "profile", true, "https://shop.example.com/products/linen-shirt", "<div id=\"root\"></div>"),
        ("Linen shirt", "website", false, "https://shop.example.com/products/linen-shirt", "<div id=\"root\"></div>"),
        ("Linen shirt", "website", true, "https://shop.example.com/journal/summer-2026", "<div id=\"root\"></div>"),
        ("Summer 2026", "website", true, "https://shop.example.com/products/summer-2026", "<div id=\"root\"></div>"),
        // A rendered page that shows a great deal of text and still no product data is not drawn by scripts.
        ("Linen shirt", "website", true, "https://shop.example.com/products/linen-shirt",
         "<main>" + String(repeating: "<p>How we source our linen, and why it matters for the fabric you wear.</p>", count: 80) + "</main>"),
        // A page that is an article.
        ("Linen shirt", "website", true, "https://shop.example.com/products/linen-shirt", "<article><h2>Linen shirt</h2></article>"),
    ] as [(String, String, Bool, String, String)])
    func otherScriptPagesAreStillRefused(title: String, type: String, image: Bool, url: String, body: String) {
        #expect(throws: ImportError.self) {
            try TestSupport.draft(shell(title: title, type: type, image: image, body: body), url: url)
        }
    }
}
