import HTML

/// Reads Open Graph, `product:` and Twitter card meta tags.
struct MetaTagExtractor {
    /// Facts from the meta tags; `isProduct` is set when they declare a product or a price.
    func extract(from metas: [HTMLTag]) -> ProductFacts? {
        var tags: [(key: String, value: String)] = []
        for meta in metas {
            guard let key = (meta["property"] ?? meta["name"])?.lowercased(), let value = meta["content"]?.trimmed, !value.isEmpty else { continue }
            tags.append((key, value))
        }
        guard !tags.isEmpty else { return nil }
        func first(_ keys: String...) -> String? {
            for key in keys { if let match = tags.first(where: { $0.key == key }) { return match.value } }
            return nil
        }

        var facts = ProductFacts(source: .meta)
        let type = first("og:type")?.lowercased() ?? ""
        let priceText = first("product:sale_price:amount", "product:price:amount", "og:price:amount", "product:price")
            ?? twitterPrice(tags)
        facts.isProduct = type.contains("product") || priceText != nil
        facts.name = (first("og:title", "twitter:title", "product:title"))?.cleanedText
        facts.description = first("og:description", "twitter:description", "description")?.cleanedText
        facts.brand = first("product:brand", "og:brand", "brand")?.cleanedText
        facts.price = priceText.flatMap(PriceParser.amount)
        facts.currency = first("product:sale_price:currency", "product:price:currency", "og:price:currency").flatMap(PriceParser.currency)
            ?? priceText.flatMap(PriceParser.currency)
        facts.availability = first("product:availability", "og:availability").flatMap(Availability.init(text:))
        facts.sku = first("product:retailer_item_id", "product:sku", "product:mfr_part_no")
        facts.material = first("product:material")
        facts.category = first("product:category")
        ProductFacts.appendUnique(first("product:color"), to: &facts.colors)
        for tag in tags where tag.key == "product:size" { ProductFacts.appendUnique(tag.value, to: &facts.sizes) }
        facts.images = images(tags)
        return facts.isEmpty && !facts.isProduct ? nil : facts
    }

    /// og:image entries with the width that follows each, then the Twitter card image.
    private func images(_ tags: [(key: String, value: String)]) -> [ImageCandidate] {
        var result: [ImageCandidate] = []
        for tag in tags {
            switch tag.key {
            case "og:image", "og:image:url":
                if result.last?.url != tag.value { result.append(ImageCandidate(url: tag.value)) }
            case "og:image:secure_url":
                // The https address of the og:image just before it.
                if result.isEmpty { result.append(ImageCandidate(url: tag.value)) } else { result[result.count - 1].url = tag.value }
            case "og:image:width":
                if !result.isEmpty, let width = Int(tag.value) { result[result.count - 1].width = width }
            default:
                break
            }
        }
        if result.isEmpty, let twitter = tags.first(where: { $0.key == "twitter:image" || $0.key == "twitter:image:src" }) {
            result.append(ImageCandidate(url: twitter.value))
        }
        return result
    }

    /// Twitter product cards put the price in `twitter:data1` labelled "Price".
    private func twitterPrice(_ tags: [(key: String, value: String)]) -> String? {
        for number in ["1", "2"] {
            guard let label = tags.first(where: { $0.key == "twitter:label\(number)" })?.value.lowercased(),
                  ["price", "preis", "prix", "precio", "prezzo"].contains(where: label.includes) else { continue }
            return tags.first(where: { $0.key == "twitter:data\(number)" })?.value
        }
        return nil
    }
}
