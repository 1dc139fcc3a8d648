import HTML
import JSON

/// A generic search for product-shaped objects in script state: an object with a name
/// and at least two of price, images, sku/variants, brand or description.
enum ProductShape {
    /// An object that looks like a product, and how strongly.
    struct Candidate {
        /// The product-like object.
        let object: JSON
        /// How product-like it is; higher is better.
        let score: Int
        /// The currency an object around it names (`{"ecommerce": {"currency": "USD"}, "products": [{…}]}`), for a
        /// product that names none itself.
        var surroundingCurrency: String?
    }

    /// Keys that hold a product's name.
    /// Korean and Japanese shop stacks abbreviate: `prodNm`, `goodsNm`, `prdNm`.
    static let nameKeys = ["name", "title", "productName", "product_name", "displayName", "productTitle", "prodNm", "prdNm", "goodsNm", "goodsName", "productNm", "itemNm"]
    /// Keys that hold a price, most specific first.
    static let priceKeys = ["salePrice", "currentPrice", "finalPrice", "sellingPrice", "sellPrice", "goodsPrice", "price", "price_min", "prices", "priceRange", "priceInfo", "pricing", "offers"]
    /// Keys that hold pictures.
    static let imageKeys = ["images", "image", "imageUrl", "imageURL", "media", "featured_image", "featuredImage", "gallery", "photos", "pictures", "xmedia"]
    /// Keys that identify a product or its variants.
    static let idKeys = ["sku", "variants", "productId", "product_id", "articleNumber", "styleNumber", "reference", "mpn", "gtin", "prodNo", "prdNo", "goodsNo", "goodsCd"]
    /// Keys that hold the brand.
    static let brandKeys = ["brand", "vendor", "manufacturer", "brandName", "brandNm"]
    /// Keys that hold the description.
    static let descriptionKeys = ["description", "descriptionHtml", "body_html", "longDescription", "shortDescription"]
    /// Subtrees holding other products (recommendations) are not searched.
    static let skippedKeys = ["related", "recommend", "similar", "upsell", "crosssell", "recentlyviewed", "alsobought", "bundle", "reviews"]

    /// What a parse of script state leaves out of its copy: the subtrees `search` skips (recommendations,
    /// reviews), and levels well below the deepest it searches, past what `facts` reads under a product.
    static let pruning = JSONPruning(maximumDepth: 24) { skippedMatcher.contains($0) }

    /// The most product-like object in `root`, searched depth- and size-bounded.
    static func best(in root: JSON) -> Candidate? {
        // A page's own report of the product viewed outranks shapes guessed from its keys.
        if let reported = AnalyticsProduct.product(in: root), let members = reported.object {
            let score = self.score(members) + 2
            return score >= 4 ? Candidate(object: reported, score: score) : nil
        }
        var best: Candidate?
        var budget = 200_000
        search(root, depth: 0, isVariant: false, currency: nil, best: &best, budget: &budget)
        return best
    }

    /// Keys whose objects are parts of a product (its variants or offers), not products.
    static let partKeys: Set<String> = ["variants", "variant", "skus", "hasvariant", "offers", "edges", "items", "selectedvariant"]

    private static func search(_ value: JSON, depth: Int, isVariant: Bool, currency: String?, best: inout Candidate?, budget: inout Int) {
        guard depth < 16, budget > 0 else { return }
        budget -= 1
        switch value {
        case .object(let members):
            let currency = namedCurrency(members) ?? currency
            let score = self.score(members) - depth / 4 - (isVariant ? 4 : 0)
            if score >= 4, best == nil || score > best!.score { best = Candidate(object: value, score: score, surroundingCurrency: currency) }
            if score < 4, !isVariant, let parts = composite(members) {
                // One point less than a whole object: the parts are only neighbours.
                let partsScore = self.score(parts) - 1 - depth / 4
                if partsScore >= 4, best == nil || partsScore > best!.score {
                    best = Candidate(object: .object(parts), score: partsScore, surroundingCurrency: currency)
                }
            }
            for (key, member) in members where member.object != nil || member.array != nil {
                if skippedMatcher.contains(key) { continue }
                search(member, depth: depth + 1, isVariant: isVariant || isPart(key), currency: currency, best: &best, budget: &budget)
            }
        case .array(let elements):
            // A list of many products is a listing; its first few are enough to look at.
            for element in elements.prefix(50) {
                search(element, depth: depth + 1, isVariant: isVariant, currency: currency, best: &best, budget: &budget)
            }
        default:
            break
        }
    }

    /// The currency an object names for what it holds: its own `currency`/`currencyCode`, or its `ecommerce` member's.
    private static func namedCurrency(_ members: [String: JSON]) -> String? {
        for holder in [members, members["ecommerce"]?.object ?? [:]] {
            for key in ["currencyCode", "currency"] {
                if let code = holder[key]?.string, code.utf8.count == 3, let currency = PriceParser.currency(code) { return currency }
            }
        }
        return nil
    }

    /// A product split over neighbouring objects, as Korean shop states keep it:
    /// `{"basic": {"prodNo": 1, "prodNm": "…"}, "sale": {"salePrice": 50000}}`. One member names the
    /// product and carries its number, another holds the price; their members are read as one object,
    /// the naming member's first. Nil when the object is not so split.
    static func composite(_ members: [String: JSON]) -> [String: JSON]? {
        guard members.count <= 100, !hasName(members) else { return nil }
        var named: [String: JSON]?
        var priced = false
        for (key, member) in members {
            guard let inner = member.object, inner.count <= 200, !isSkipped(key) else { continue }
            if named == nil, hasName(inner), idKeys.contains(where: { inner[$0] != nil }) {
                named = inner
            } else if hasPrice(inner) {
                priced = true
            }
        }
        guard var parts = named, priced else { return nil }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            guard let inner = member.object, inner.count <= 200, !isSkipped(key) else { continue }
            for (innerKey, innerValue) in inner where parts[innerKey] == nil { parts[innerKey] = innerValue }
        }
        return parts
    }

    private static func isSkipped(_ key: String) -> Bool {
        if skippedMatcher.contains(key) { return true }
        guard key.utf8.count == 4 || key.utf8.count == 8 else { return false }
        let lowered = key.lowercased()
        return lowered == "variants" || lowered == "skus"
    }

    /// The skipped key words as a byte matcher: every key of a page's state is checked, and
    /// lowercasing each one cost a few percent of reading a large state.
    private static let skippedMatcher = AttributeWords(skippedKeys)
    /// The same words for searching a script's bytes (`SkippedSubtrees`).
    static let skippedWords = FoldedWordSet(skippedKeys)
    private static let partKeyLengths = Set(partKeys.map(\.utf8.count))

    /// Whether `key` names a product's parts, ignoring case; only keys of a part key's length are lowercased.
    private static func isPart(_ key: String) -> Bool {
        partKeyLengths.contains(key.utf8.count) && partKeys.contains(key.lowercased())
    }

    private static func hasName(_ members: [String: JSON]) -> Bool {
        nameKeys.contains { members[$0]?.string?.isEmpty == false }
    }

    private static func hasPrice(_ members: [String: JSON]) -> Bool {
        priceKeys.contains(where: { members[$0] != nil && members[$0]?.isNull == false })
    }

    private static func score(_ members: [String: JSON]) -> Int {
        let typeName = (members["__typename"] ?? members["@type"] ?? members["type"])?.string?.lowercased() ?? ""
        let hasName = nameKeys.contains { members[$0]?.string?.isEmpty == false }
            || (members["variants"]?[0]?["name"]?.string != nil && members["vendor"] != nil)
        guard hasName else { return 0 }
        var score = 1
        if priceKeys.contains(where: { members[$0] != nil && members[$0]?.isNull == false }) { score += 3 }
        if imageKeys.contains(where: { members[$0] != nil && members[$0]?.isNull == false }) { score += 2 }
        if idKeys.contains(where: { members[$0] != nil }) { score += 2 }
        if brandKeys.contains(where: { members[$0] != nil }) { score += 1 }
        if descriptionKeys.contains(where: { members[$0]?.string != nil }) { score += 1 }
        if typeName == "product" || typeName.hasSuffix("product") { score += 3 }
        return score
    }
}
