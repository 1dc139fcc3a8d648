import Foundation
/// What one extractor found on a page, before the fields of all extractors are merged.
struct ProductFacts: Sendable {
    /// The extractor that found these facts.
    var source: ExtractionSource
    /// True when the extractor saw a clear sign that the page is about one product.
    var isProduct = false
    /// The visible page shows one product's buy box without a price the reader could find: an
    /// `h1` name, a buy control and an identifier or stock words. Enough when nothing says the
    /// page is something else (a listing, a search, an article…).
    var showsBuyBoxWithoutPrice = false
    /// The goods a structured type names outright (a schema.org Book is a book), whatever the name says.
    var goodsKind: String?
    /// The product name.
    var name: String? { didSet { name = name.flatMap { Self.isPlaceholderName($0) ? nil : $0.bounded(Limits.name) } } }
    /// The brand or maker.
    var brand: String? { didSet { brand = brand.flatMap { Self.isPlaceholderBrand($0) ? nil : $0.bounded(Limits.brand) } } }
    /// The description as plain text.
    var description: String? { didSet { description = description.map { $0.bounded(Limits.description) } } }
    /// The shop's article number.
    var sku: String? { didSet { sku = sku.flatMap(Self.identifier) } }
    /// The selling price.
    var price: Double? { didSet { if let price, !PriceParser.isSane(price) { self.price = nil } } }
    /// Other prices this source states for the same product: further offers, the top of a
    /// price range, variant prices. Used to find the one the buy box shows when sources disagree.
    var otherPrices: [Double] = [] {
        didSet {
            let sane = otherPrices.filter(PriceParser.isSane)
            otherPrices = sane.count > Limits.listCount ? Array(sane.prefix(Limits.listCount)) : sane
        }
    }
    /// The text the name heading sets apart at its head in an element of its own (Neiman Marcus' designer link,
    /// Zappos' brand link before the name's span), nil when the heading's first words are its own text (Jumia's).
    var nameLead: String?
    /// Whether the price was read by the shop's own buy-box selector from `sites.json`: it then
    /// outranks structured prices that disagree among themselves (stale, before tax, another currency).
    var priceFromSiteRule = false
    /// Whether the price's own text names its currency beyond doubt ("53,11 €", not a bare "$" the domain settles).
    var currencyShown = false
    /// Prices the source names as the regular price a sale is taken off: another source stating
    /// one of them as its price is behind the sale.
    var regularPrices: [Double] = []
    /// The sign a source prints beside its price where it names no code (`{"sale": "120.00", "symbol": "$"}`): the
    /// shop's domain and language settle which dollar it is.
    var currencySign: String? { didSet { if let currencySign, currencySign.utf8.count > 8 { self.currencySign = nil } } }
    /// ISO 4217 currency code.
    var currency: String? { didSet { if let currency, currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isLetter }) { self.currency = nil } } }
    /// Whether it can be bought now.
    var availability: Availability?
    /// The material text as the shop states it.
    var material: String? { didSet { material = material.map { $0.bounded(Limits.material) } } }
    /// Breadcrumb or category text, only used as input for the keyword rules.
    var category: String? { didSet { category = category.map { $0.bounded(Limits.category) } } }
    /// Color names as the shop writes them, one per colorway.
    var colors: [String] = [] { didSet { if colors.count > Limits.listCount { colors = Array(colors.prefix(Limits.listCount)) } } }
    /// Offered sizes in shop order.
    var sizes: [String] = [] { didSet { if sizes.count > Limits.listCount { sizes = Array(sizes.prefix(Limits.listCount)) } } }
    /// Pictures as written on the page.
    var images: [ImageCandidate] = [] { didSet { if images.count > Limits.images { images = Array(images.prefix(Limits.images)) } } }

    /// Empty facts from `source`.
    init(source: ExtractionSource) {
        self.source = source
    }

    /// An identifier as shops write it, bounded. Some give the product's address as its sku
    /// ("https://shop.example/products/0010947886"): the last part of its path is the number.
    static func identifier(_ text: String) -> String? {
        var value = text
        if value.utf8.count <= 2_000, value.contains("://"), let url = URL(string: value.trimmed) {
            value = url.pathComponents.last { $0 != "/" } ?? ""
        }
        let bounded = value.trimmed.bounded(Limits.sku)
        return bounded.isEmpty || isPlaceholderIdentifier(bounded) ? nil : bounded
    }

    /// Whether an identifier is a template's stand-in: "undefined", "null", "N/A", "0", an unfilled
    /// `{{ variant.sku }}`, or nothing but punctuation.
    static func isPlaceholderIdentifier(_ identifier: String) -> Bool {
        let lowered = identifier.lowercased()
        if ["undefined", "null", "nil", "none", "n/a", "na", "false", "true", "sku", "0", "[object object]"].contains(lowered) { return true }
        return isTemplateFiller(lowered) || lowered.allSatisfy { $0 == "0" }
    }

    /// Whether nothing at all was found.
    var isEmpty: Bool {
        name == nil && brand == nil && price == nil && sku == nil && images.isEmpty && description == nil
    }

    /// Length limits for page text, applied where a value enters the facts.
    enum Limits {
        static let name = 300, brand = 100, description = 5_000, sku = 64, material = 200, category = 500
        static let listItem = 60, listCount = 60, images = 40
    }

    /// Whether a brand value is a shop template's stand-in rather than a maker: "undefined", "N/A",
    /// "Unbranded", "Does not apply" (eBay), an unfilled `{{ product.vendor }}`, "[object Object]", a link.
    static func isPlaceholderBrand(_ brand: String) -> Bool {
        let lowered = brand.trimmed.lowercased()
        if lowered.isEmpty || placeholderBrands.contains(lowered) { return true }
        // "408" (letstango's analytics brand): a catalogue's number for the brand, not its name.
        if lowered.allSatisfy({ $0.isNumber || $0 == " " || $0 == "-" }) { return true }
        // " | Urban Outfitters": the template's vendor slot before the separator was left empty.
        if let first = lowered.first, "|–—/".contains(first) || lowered.hasPrefix("- ") { return true }
        // "Boys 2-7" (Ralph Lauren's line logo): a department and an age range, not a maker.
        if let head = lowered.split(separator: " ").first, departmentWords.contains(String(head)), lowered.contains(where: \.isNumber) { return true }
        return isTemplateFiller(lowered) || lowered.contains("[object") || lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Whether a name is what a template printed in its place: an unfilled `{{ product.title }}`, or a translation
    /// key such as Bose's microdata name "productname_wms_4".
    static func isPlaceholderName(_ name: String) -> Bool {
        let trimmed = name.trimmed
        if isTemplateFiller(trimmed.lowercased()) { return true }
        return !trimmed.contains(" ") && trimmed.contains("_")
            && trimmed.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }

    /// What a shop template leaves in a field it could not fill: an unexpanded `{{ … }}`, `{% … %}`, `${…}` or
    /// `<% … %>`, or nothing but punctuation. `lowered` is the lowercased value.
    private static func isTemplateFiller(_ lowered: String) -> Bool {
        ["{{", "{%", "${", "<%"].contains(where: lowered.contains) || !lowered.contains { $0.isLetter || $0.isNumber }
    }

    private static let departmentWords: Set<String> = ["boys", "girls", "kids", "baby", "toddler", "men", "women", "mens", "womens", "juniors"]

    private static let placeholderBrands: Set<String> = [
        "undefined", "null", "nil", "none", "n/a", "n.a.", "na", "brand", "brands", "unknown", "no brand", "nobrand", "not applicable",
        "unbranded", "does not apply", "default", "false", "true", "generic brand", "sin marca", "ohne marke", "keine marke", "sans marque",
        "senza marca", "sem marca", "geen merk", "bez marki", "marca", "marke", "marque", "merk", "brand name", "your brand", "vendor",
        // Japanese and Chinese "no brand" (not Korean 노브랜드, which is E-mart's own label).
        "ノーブランド", "ノーブランド品", "无品牌", "無品牌",
    ]

    /// Appends `value` to `list` unless an equal value (ignoring case) is already there.
    static func appendUnique(_ value: String?, to list: inout [String]) {
        guard let value = value?.trimmed.bounded(Limits.listItem), !value.isEmpty else { return }
        if !list.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) { list.append(value) }
    }
}
