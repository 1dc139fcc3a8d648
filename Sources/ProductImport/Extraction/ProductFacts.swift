/// What one extractor found on a page, before the fields of all extractors are merged.
struct ProductFacts: Sendable {
    /// The extractor that found these facts.
    var source: ExtractionSource
    /// True when the extractor saw a clear sign that the page is about one product.
    var isProduct = false
    /// The product name.
    var name: String?
    /// The brand or maker.
    var brand: String?
    /// The description as plain text.
    var description: String?
    /// The shop's article number.
    var sku: String?
    /// The selling price.
    var price: Double?
    /// ISO 4217 currency code.
    var currency: String?
    /// Whether it can be bought now.
    var availability: Availability?
    /// The material text as the shop states it.
    var material: String?
    /// Breadcrumb or category text, only used as input for the keyword rules.
    var category: String?
    /// Color names as the shop writes them, one per colorway.
    var colors: [String] = []
    /// Offered sizes in shop order.
    var sizes: [String] = []
    /// Pictures as written on the page.
    var images: [ImageCandidate] = []

    /// Empty facts from `source`.
    init(source: ExtractionSource) {
        self.source = source
    }

    /// Whether nothing at all was found.
    var isEmpty: Bool {
        name == nil && brand == nil && price == nil && sku == nil && images.isEmpty && description == nil
    }

    /// Appends `value` to `list` unless an equal value (ignoring case) is already there.
    static func appendUnique(_ value: String?, to list: inout [String]) {
        guard let value = value?.trimmed, !value.isEmpty else { return }
        if !list.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) { list.append(value) }
    }
}
