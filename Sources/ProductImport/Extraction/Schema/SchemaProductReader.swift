import Foundation
import JSON

/// Turns schema.org Product data (from JSON-LD or microdata) into facts.
struct SchemaProductReader {
    /// All schema.org nodes of the page.
    let graph: SchemaGraph
    /// The extractor to credit for the facts.
    let source: ExtractionSource
    /// The page address, used to put the colorway the link selects first.
    let pageURL: URL?

    /// Facts about the page's main product, or nil when the graph describes none
    /// (only related products or list entries count as none).
    func mainProduct(title: String? = nil) -> ProductFacts? {
        var candidates = graph.products()
        // Several events with offers and no product make a programme or a search, not one ticket.
        if candidates.filter({ SchemaValue.isEvent($0.node) && !$0.isListed }).count > 2 {
            candidates.removeAll { SchemaValue.isEvent($0.node) }
        }
        // Events without offers count only alone: an artist's or venue's page lists several.
        if candidates.filter({ SchemaValue.isEvent($0.node) }).count > 1 {
            candidates.removeAll { SchemaValue.isEvent($0.node) && $0.node["offers"] == nil }
        }
        var best: (score: Int, node: JSON)?
        for candidate in candidates {
            let node = candidate.node
            var score = 0
            if SchemaValue.isProductGroup(node) { score += 3 }
            if node["offers"] != nil { score += 2 }
            if SchemaValue.text(node["name"]) != nil { score += 1 }
            if node["image"] != nil { score += 1 }
            if candidate.isVariant { score -= 5 }
            if candidate.isListed { score -= 20 }
            // Several products on the page (a related one's block first): the one the title names is the page's.
            if candidates.count > 1, let title, Self.titleNames(title, SchemaValue.text(node["name"])) { score += 4 }
            if best == nil || score > best!.score { best = (score, node) }
        }
        guard let best, best.score > -10 else { return nil }
        var facts = read(best.node)
        facts.category = facts.category ?? graph.breadcrumb()
        return facts
    }

    /// Whether the page title holds the product's name ("Linen Shirt | Shop" holds "Linen Shirt").
    static func titleNames(_ title: String, _ name: String?) -> Bool {
        guard let name = name?.lowercased(), name.count >= 4, title.utf8.count <= 1_000 else { return false }
        return title.lowercased().includes(name)
    }

    /// Everything the product node says, with variants of a ProductGroup folded in.
    func read(_ product: JSON) -> ProductFacts {
        var facts = ProductFacts(source: source)
        facts.isProduct = true
        facts.name = SchemaValue.text(product["name"])
        facts.description = SchemaValue.text(product["description"])
        facts.brand = brand(product)
        facts.sku = SchemaValue.text(product["sku"]) ?? SchemaValue.text(product["mpn"]) ?? SchemaValue.text(product["productID"])
        facts.material = SchemaValue.texts(product["material"]).joined(separator: ", ").nilIfEmpty
        facts.category = SchemaValue.texts(product["category"]).first
        // What an event page sells is a ticket; the keyword rules know "tickets" as goods.
        if facts.category == nil, SchemaValue.isEvent(product) { facts.category = "Event tickets" }
        facts.images = SchemaValue.images(graph.resolve(product["image"]))
        for color in SchemaValue.texts(product["color"]) { ProductFacts.appendUnique(color, to: &facts.colors) }
        for size in SchemaValue.texts(product["size"]) { ProductFacts.appendUnique(size, to: &facts.sizes) }
        facts.goodsKind = SchemaValue.goodsKind(of: product)
        let editionOffers = product["offers"] == nil ? SchemaValue.editionOffers(product) : []
        let selectedOfferStock = applyOffers(editionOffers.isEmpty ? product["offers"] : .array(editionOffers), to: &facts)

        var selectedColor: String?
        var selectedSKU: String?
        var selectedImages: [ImageCandidate] = []
        var firstVariantSKU: String?
        var selectedAvailability = selectedOfferStock
        let variesBy = Set(SchemaValue.texts(product["variesBy"]).map(SchemaValue.shortName))
        for variant in graph.list(product["hasVariant"]) {
            let options = variantOptions(variant, groupName: facts.name, variesBy: variesBy)
            let color = SchemaValue.text(variant["color"]) ?? options.color
            ProductFacts.appendUnique(color, to: &facts.colors)
            var sizes = SchemaValue.texts(variant["size"])
            if sizes.isEmpty, let size = options.size { sizes = [size] }
            for size in sizes { ProductFacts.appendUnique(size, to: &facts.sizes) }
            let variantImages = SchemaValue.images(graph.resolve(variant["image"]))
            if isSelected(variant), selectedSKU == nil {
                selectedColor = color
                selectedSKU = SchemaValue.text(variant["sku"])
                selectedImages = variantImages
                var selected = ProductFacts(source: source)
                applyOffers(variant["offers"], to: &selected)
                selectedAvailability = selectedAvailability ?? selected.availability
            }
            firstVariantSKU = firstVariantSKU ?? SchemaValue.text(variant["sku"])
            facts.material = facts.material ?? SchemaValue.text(variant["material"])
            facts.brand = facts.brand ?? brand(variant)
            applyOffers(variant["offers"], to: &facts)
            for image in variantImages where !facts.images.contains(image) { facts.images.append(image) }
        }
        // The variant the link selects leads: its color, sku and pictures.
        // Shopify and others put the article number on each offer; barcodes are the last resort.
        let offers = graph.list(product["offers"]).flatMap { [$0] + graph.list($0["offers"]) }
        let selectedOffer = pageURL?.query == nil ? nil : offers.first(where: isSelected)
        let offerSKU = selectedOffer.flatMap { SchemaValue.text($0["sku"]) } ?? offers.lazy.compactMap { SchemaValue.text($0["sku"]) }.first
        facts.sku = facts.sku ?? selectedSKU ?? offerSKU ?? firstVariantSKU ?? SchemaValue.text(product["productGroupID"]) ?? barcode(product)
        facts.availability = selectedAvailability ?? facts.availability
        if let selectedColor, let position = facts.colors.firstIndex(of: selectedColor) {
            facts.colors.insert(facts.colors.remove(at: position), at: 0)
        }
        facts.images = selectedImages + facts.images.filter { !selectedImages.contains($0) }
        return facts
    }

    /// Shopify names variants "Slim Chino - Khaki / 30" and leaves color and size out;
    /// with `variesBy` saying what varies, the name suffix gives them back.
    private func variantOptions(_ variant: JSON, groupName: String?, variesBy: Set<String>) -> (color: String?, size: String?) {
        guard !variesBy.isEmpty, let name = SchemaValue.text(variant["name"]) else { return (nil, nil) }
        var suffix = Substring(name)
        if let groupName, name.hasPrefix(groupName + " - ") {
            suffix = name.dropFirst(groupName.count + 3)
        } else if let dash = name.range(of: " - ", options: .backwards) {
            suffix = name[dash.upperBound...]
        } else {
            return (nil, nil)
        }
        let parts = suffix.split(separator: "/").map { String($0).trimmed }.filter { !$0.isEmpty }
        let color = variesBy.contains("color") ? parts.first : nil
        let size = variesBy.contains("size") && (parts.count > 1 || color == nil) ? parts.last : nil
        return (color, size)
    }

    /// The first GTIN or ISBN the product states.
    private func barcode(_ product: JSON) -> String? {
        for key in ["gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn"] {
            if let value = SchemaValue.text(product[key]) { return value }
        }
        return nil
    }

    private func brand(_ product: JSON) -> String? {
        SchemaValue.text(graph.resolve(product["brand"])) ?? SchemaValue.text(graph.resolve(product["manufacturer"]))
    }

    /// Whether a variant is the one the page link points at (same URL, or the link's variant id).
    private func isSelected(_ variant: JSON) -> Bool {
        guard let pageURL, let variantURL = variant["url"]?.string ?? variant["@id"]?.string else { return false }
        if variantURL == pageURL.absoluteString { return true }
        guard let query = URL(string: variantURL, relativeTo: pageURL)?.query, let pageQuery = pageURL.query else { return false }
        return query == pageQuery
    }

    /// Price, currency and availability from an Offer, AggregateOffer, list of offers or
    /// priceSpecification. The first price leads; every other one (more offers, `highPrice`,
    /// variants) is kept in `otherPrices` so the visible buy box can pick among them.
    /// Returns the stock state of the offer the link selects (`?variant=…`), if one does.
    @discardableResult
    private func applyOffers(_ value: JSON?, to facts: inout ProductFacts) -> Availability? {
        let offers = graph.list(value).flatMap { offer -> [JSON] in
            // AggregateOffer may itself carry a list of offers.
            [offer] + graph.list(offer["offers"])
        }
        var selected: Availability?
        for offer in offers {
            var currency = SchemaValue.text(offer["priceCurrency"])
            var price = SchemaValue.number(offer["price"]) ?? SchemaValue.number(offer["lowPrice"])
            if price == nil, let specification = bestSpecification(offer["priceSpecification"]) {
                price = SchemaValue.number(specification["price"]) ?? SchemaValue.number(specification["minPrice"])
                currency = SchemaValue.text(specification["priceCurrency"]) ?? currency
            }
            if let price {
                if facts.price == nil {
                    facts.price = price
                    facts.currency = currency.flatMap(PriceParser.currency) ?? facts.currency
                } else if !PriceParser.samePrice(price, facts.price!), !facts.otherPrices.contains(where: { PriceParser.samePrice($0, price) }) {
                    facts.otherPrices.append(price)
                }
            }
            if let high = SchemaValue.number(offer["highPrice"]), let low = facts.price, !PriceParser.samePrice(high, low),
               !facts.otherPrices.contains(where: { PriceParser.samePrice($0, high) }) {
                facts.otherPrices.append(high)
            }
            if facts.currency == nil { facts.currency = currency.flatMap(PriceParser.currency) }
            // "price": "$39.00" with no priceCurrency: the symbol and the shop's domain say which.
            if facts.currency == nil, let written = SchemaValue.text(offer["price"]), written.contains(where: { !$0.isNumber && $0 != "." && $0 != "," }) {
                facts.currency = CurrencyGuess.currency(priceText: written, host: pageURL?.host, language: nil)
            }
            // Microdata's price element shows "253.0 грн" where `priceCurrency` says "UAN", no currency.
            if facts.currency == nil, let shown = SchemaValue.text(offer[MicrodataExtractor.shownPriceKey]) {
                facts.currency = CurrencyGuess.currency(priceText: shown, host: pageURL?.host, language: nil)
            }
            if let availability = SchemaValue.text(offer["availability"]).flatMap(Availability.init(text:)) {
                facts.availability = Self.combined(facts.availability, availability)
                if selected == nil, pageURL?.query != nil, isSelected(offer) { selected = availability }
            }
        }
        return selected
    }

    /// The product's stock state over several offers: one per size or colour, some sold out.
    /// The page offers the product while any of them sells (and selects one that does), so a
    /// buyable offer wins, and a plain "in stock" beats "only a few left".
    static func combined(_ current: Availability?, _ next: Availability) -> Availability {
        guard let current else { return next }
        if next == .inStock, current != .inStock { return next }
        if next.isBuyable, !current.isBuyable { return next }
        return current
    }

    /// The selling price among price specifications, skipping list and strike-through prices.
    private func bestSpecification(_ value: JSON?) -> JSON? {
        let specifications = graph.list(value)
        let selling = specifications.first { specification in
            let kind = SchemaValue.text(specification["priceType"]).map(SchemaValue.shortName) ?? ""
            return !["listprice", "strikethroughprice", "srp", "msrp", "invoiceprice"].contains(kind)
        }
        return selling ?? specifications.first
    }
}

extension String {
    /// nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
