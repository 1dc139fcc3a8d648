/// A brand that marketplaces in Taiwan, Japan, China and Korea put in brackets before the name
/// ("【NIKE 耐吉】Air Max 90", "[Adidas] 슈퍼스타", "【GAP】男裝 Logo T恤"), used only when no source
/// names a brand. The same brackets often hold a promotion instead ("【送料無料】", "[프로모션]",
/// "【現貨】", "[무료배송]"), so only bracketed text with a Latin word that is not a promotion
/// word counts, and of a mixed "NIKE 耐吉" only the Latin part.
enum BracketBrand {
    /// The brand, or nil.
    static func brand(inName name: String) -> String? {
        let text = name.drop { $0.isWhitespace }
        guard let open = text.first, let close = pairs[open], let end = text.dropFirst().firstIndex(of: close) else { return nil }
        let inside = text[text.index(after: text.startIndex)..<end].trimmingCharacters(in: .whitespaces)
        guard (2...40).contains(inside.count), !inside.contains(where: { $0.isNumber || $0 == "%" || $0 == "+" }) else { return nil }
        // "NIKE 耐吉": the Latin words, without the local spelling.
        let latinWords = inside.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "|" || $0 == "・" })
            .filter { word in word.allSatisfy { $0.isASCII && ($0.isLetter || "&'.-".contains($0)) } && word.contains(where: \.isLetter) }
        guard !latinWords.isEmpty else { return nil }
        let brand = latinWords.joined(separator: " ")
        // "New Balance" is a brand; "Free Shipping", "Hot Sale" and "Made in USA" are all promotion words.
        guard brand.count >= 2, !promotions.contains(brand.lowercased()),
              !latinWords.allSatisfy({ promotions.contains($0.lowercased()) }) else { return nil }
        return brand
    }

    private static let pairs: [Character: Character] = ["【": "】", "[": "]", "［": "］", "〔": "〕", "「": "」"]

    /// Latin words brackets hold that are no brand.
    private static let promotions: Set<String> = [
        "sale", "new", "hot", "best", "free", "off", "limited", "official", "outlet", "gift", "set", "special", "event",
        "only", "exclusive", "coupon", "deal", "deals", "sold", "out", "pre-order", "preorder", "clearance", "promo",
        "promotion", "bonus", "premium", "luxury", "brand", "mall", "shop", "store", "online", "tax", "free shipping",
        "shipping", "ready", "stock", "instock", "in", "authentic", "original", "genuine", "import", "imported", "usa",
        "uk", "eu", "korea", "japan", "made", "handmade", "vintage", "used", "refurbished", "b-grade", "mega", "super",
        "time", "today", "big", "edition", "seller", "sellers", "arrival", "arrivals", "collection", "week", "day",
        "flash", "price", "season", "vip",
    ]
}
