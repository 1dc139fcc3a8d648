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
            ?? twitterData(tags, labelled: Self.priceLabels)
        facts.isProduct = type.includes("product") || priceText != nil
        facts.name = name(tags)
        facts.description = first("og:description", "twitter:description", "description")?.cleanedText
        facts.brand = (first("product:brand", "og:brand", "brand") ?? twitterData(tags, labelled: Self.brandLabels))?.cleanedText
        facts.price = priceText.flatMap { PriceParser.amount($0) }
        // The regular price a sale is taken off ("og:price:standard_amount" beside the sale's amount).
        if let regular = first("og:price:standard_amount", "product:original_price:amount", "og:original_price:amount", "product:regular_price:amount")
            .flatMap({ PriceParser.amount($0) }), facts.price.map({ !PriceParser.samePrice($0, regular) }) ?? false {
            facts.regularPrices = [regular]
        }
        facts.currency = first("product:sale_price:currency", "product:price:currency", "og:price:currency").flatMap(PriceParser.currency)
            ?? priceText.flatMap(PriceParser.currency)
        facts.availability = (first("product:availability", "og:availability") ?? twitterData(tags, labelled: Self.availabilityLabels))
            .flatMap(Availability.init(text:))
        // Oriflame's `<meta name="prodCode" content="31273">`: a shop's own meta for its product code.
        facts.sku = first("product:retailer_item_id", "product:sku", "product:mfr_part_no", "prodcode", "productcode", "product_code", "product-code")
            ?? appLinkSKU(tags)
        facts.material = first("product:material")
        facts.category = first("product:category")
        ProductFacts.appendUnique(first("product:color") ?? twitterData(tags, labelled: Self.colorLabels), to: &facts.colors)
        for tag in tags where tag.key == "product:size" { ProductFacts.appendUnique(tag.value, to: &facts.sizes) }
        facts.images = images(tags)
        return facts.isEmpty && !facts.isProduct ? nil : facts
    }

    /// og:title, else twitter:title or product:title; when the page repeats a title tag, once with the
    /// shop's suffix and once without ("Feta 200g | Chilled & Deli | Spinneys" and "Feta 200g"), the bare one.
    private func name(_ tags: [(key: String, value: String)]) -> String? {
        for key in ["og:title", "twitter:title", "product:title"] {
            let values = tags.lazy.filter { $0.key == key }.prefix(8).compactMap(\.value.cleanedText)
            guard var chosen = values.first else { continue }
            for other in values where other.count < chosen.count && chosen.hasPrefix(other)
                && [" | ", " - ", " – ", " — "].contains(where: { chosen.dropFirst(other.count).hasPrefix($0) }) {
                chosen = other
            }
            return chosen
        }
        return nil
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

    /// Twitter product cards pair `twitter:labelN` ("Price", "Couleur") with `twitter:dataN` ("159,95 €", "marine").
    private func twitterData(_ tags: [(key: String, value: String)], labelled words: [String]) -> String? {
        for number in ["1", "2", "3", "4"] {
            guard let label = tags.first(where: { $0.key == "twitter:label\(number)" })?.value.lowercased(),
                  label.utf8.count <= 40, words.contains(where: label.includes) else { continue }
            return tags.first(where: { $0.key == "twitter:data\(number)" })?.value
        }
        return nil
    }

    /// The labels Twitter cards give each field, in the languages shops write them.
    static let priceLabels = ["price", "preis", "prix", "precio", "prezzo", "preço", "prijs", "cena", "pris", "가격", "価格", "價格", "价格"]
    static let brandLabels = ["brand", "marke", "marque", "marca", "merk", "marka", "märke", "브랜드", "ブランド", "品牌"]
    static let colorLabels = ["colour", "color", "farbe", "couleur", "colore", "kleur", "kolor", "färg", "cor"]
    static let availabilityLabels = ["availability", "verfügbarkeit", "disponibilité", "disponibilidad", "disponibilità", "disponibilidade",
                                     "beschikbaarheid", "dostępność", "stock"]

    /// The article number an app link carries (`zalando://PDS?sku=H0721A01M-K11`): shops link their app
    /// to the product by it.
    private func appLinkSKU(_ tags: [(key: String, value: String)]) -> String? {
        for tag in tags where tag.key.hasPrefix("al:") && tag.key.hasSuffix(":url") || tag.key.hasPrefix("twitter:app:url:") {
            guard tag.value.utf8.count <= 2_000, let query = tag.value.split(separator: "?", maxSplits: 1).dropFirst().first else { continue }
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, ["sku", "articlenumber", "article"].contains(parts[0].lowercased()) else { continue }
                let value = String(parts[1])
                if (1...64).contains(value.utf8.count), value.utf8.allSatisfy({ isIdentifierByte($0) }) { return value }
            }
        }
        return nil
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        ASCIIByte.isDigit(byte) || ASCIIByte.isLetter(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E
    }
}
