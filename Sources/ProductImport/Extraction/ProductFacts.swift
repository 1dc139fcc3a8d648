/// What one extractor found on a page, before the fields of all extractors are merged.
struct ProductFacts: Sendable {
    /// The extractor that found these facts.
    var source: ExtractionSource
    /// True when the extractor saw a clear sign that the page is about one product.
    var isProduct = false
    var name: String?
    var brand: String?
    var description: String?
    var sku: String?
    var price: Double?
    var currency: String?
    var availability: Availability?
    /// The material text as the shop states it.
    var material: String?
    /// Breadcrumb or category text, only used as input for the keyword rules.
    var category: String?
    /// Color names as the shop writes them, one per colorway.
    var colors: [String] = []
    var sizes: [String] = []
    var images: [ImageCandidate] = []

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
