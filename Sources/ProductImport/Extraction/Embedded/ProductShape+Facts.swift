import JSON

extension ProductShape {
    /// Facts read from a product-shaped object, understanding Shopify's product JSON
    /// (prices in cents, options and variants) and common headless-shop shapes.
    static func facts(from product: JSON) -> ProductFacts {
        var facts = ProductFacts(source: .embedded)
        facts.isProduct = true
        let isShopify = product["handle"] != nil || product["vendor"] != nil || product["variants"]?[0]?["public_title"] != nil
        facts.name = nameKeys.lazy.compactMap { product[$0]?.string?.cleanedText }.first ?? shopifyVariantName(product)
        facts.brand = brandKeys.lazy.compactMap { SchemaValue.text(product[$0]) }.first
        facts.description = descriptionKeys.lazy.compactMap { product[$0]?.string?.cleanedText }.first
        let firstVariant = product["variants"]?[0]
        facts.sku = (product["sku"] ?? firstVariant?["sku"]).flatMap { SchemaValue.text($0) }
            ?? skuKeys.lazy.compactMap { SchemaValue.text(product[$0]) }.first
        facts.material = (product["material"] ?? product["composition"] ?? product["materials"]).flatMap(materialText)
        facts.category = (product["category"] ?? product["product_type"] ?? product["productType"] ?? product["breadcrumbs"])
            .flatMap { SchemaValue.texts($0).joined(separator: " > ").nilIfEmpty }

        for key in priceKeys {
            guard let value = product[key], facts.price == nil else { continue }
            read(price: value, cents: isShopify || key.lowercased().contains("cent"), into: &facts)
        }
        if facts.price == nil, let variantPrice = firstVariant?["price"] { read(price: variantPrice, cents: isShopify, into: &facts) }
        // "priceText": "LE 79" beside "currency": "EUR" (Oriflame's analytics in Egypt): the price as shown names what the
        // shopper pays in.
        facts.currency = facts.currency ?? shownPriceKeys.lazy.compactMap { product[$0]?.string.flatMap(PriceParser.currency) }.first
            ?? currencyKeys.lazy.compactMap { product[$0]?.string.flatMap(PriceParser.currency) }.first
        facts.availability = availability(product) ?? firstVariant.flatMap { availability($0) }

        for key in imageKeys { facts.images.append(contentsOf: images(product[key])) }
        readOptions(product, into: &facts)
        return facts
    }

    /// Keys of a price's currency code, on the product or in its price object.
    private static let currencyKeys = ["currency", "currencyCode", "priceCurrency"]

    /// Keys of the price as the page prints it, sign included.
    private static let shownPriceKeys = ["priceText", "formattedPrice", "priceFormatted", "formatted_price", "price_formatted", "displayPrice"]

    /// Keys naming the article after `sku`, most specific first.
    private static let skuKeys = ["articleNumber", "styleNumber", "reference", "prodNo", "prdNo", "goodsNo", "goodsCd"]

    /// Shopify's `meta.product` has no title, only variant names like "Linen Shirt - Navy / M".
    private static func shopifyVariantName(_ product: JSON) -> String? {
        guard let name = product["variants"]?[0]?["name"]?.string else { return nil }
        if let suffix = product["variants"]?[0]?["public_title"]?.string, name.hasSuffix(" - " + suffix) {
            return String(name.dropLast(suffix.count + 3)).cleanedText
        }
        return name.cleanedText
    }

    private static func read(price value: JSON, cents: Bool, into facts: inout ProductFacts) {
        switch value {
        case .int(let minor) where cents:
            facts.price = Double(minor) / 100
        case .int, .double:
            facts.price = value.double
        case .string(let text):
            facts.price = PriceParser.amount(text)
            facts.currency = facts.currency ?? PriceParser.currency(text)
        case .object(let members):
            if let centAmount = members["centAmount"]?.double {
                facts.price = centAmount / 100
            } else if let minVariant = members["minVariantPrice"] ?? members["min"] {
                read(price: minVariant, cents: false, into: &facts)
            } else {
                for key in ["current", "value", "amount", "sale", "final", "raw", "price", "selling", "formatted"] {
                    guard facts.price == nil, let inner = members[key] else { continue }
                    read(price: inner, cents: cents, into: &facts)
                }
            }
            facts.currency = facts.currency ?? currencyKeys.lazy.compactMap { members[$0] }.first?.string.flatMap(PriceParser.currency)
            if facts.currency == nil, let sign = (members["symbol"] ?? members["currencySymbol"] ?? members["currency_symbol"])?.string {
                facts.currencySign = sign.trimmed
            }
        case .array(let elements):
            if let first = elements.first { read(price: first, cents: cents, into: &facts) }
        default:
            break
        }
    }

    /// Flags that say a product can be bought (`isInStock: true`, ASOS; `orderable`, Otto's availability object).
    private static let buyableFlags = ["available", "inStock", "isAvailable", "isInStock", "in_stock", "orderable", "isOrderable",
                                       "buyable", "isBuyable", "purchasable", "isPurchasable"]
    /// Flags that say it cannot (`isSoldOut: true`).
    private static let soldOutFlags = ["soldOut", "isSoldOut", "sold_out", "outOfStock", "isOutOfStock", "out_of_stock"]

    /// The stock an object states: a flag, a status word, or an `availability` object holding either
    /// (`"availability": {"status": "available", "orderable": true}`). A product's own `status` is its place in the
    /// shop's catalogue ("active"), so `status` is read only inside such an object. Numbers (a stock count) are not read.
    static func availability(_ object: JSON, nested: Bool = false) -> Availability? {
        if let available = buyableFlags.lazy.compactMap({ object[$0]?.bool }).first { return available ? .inStock : .outOfStock }
        if let soldOut = soldOutFlags.lazy.compactMap({ object[$0]?.bool }).first { return soldOut ? .outOfStock : .inStock }
        for key in ["availability", "stockStatus", "stock", "availabilityStatus", "stockState", "inventoryStatus", "status"] where nested == (key == "status") {
            guard let value = object[key] else { continue }
            if let text = value.string, let availability = Availability(text: text) { return availability }
            if !nested, value.object != nil, let inner = availability(value, nested: true) { return inner }
        }
        return nil
    }

    private static func materialText(_ value: JSON) -> String? {
        if let text = value.string { return text.cleanedText }
        let parts = (value.array ?? [value]).compactMap { part -> String? in
            guard let name = SchemaValue.text(part["material"] ?? part["name"] ?? part) else { return nil }
            if let share = SchemaValue.number(part["percentage"] ?? part["percent"])?.boundedInt(upTo: 100) { return "\(share)% \(name)" }
            return name
        }
        return parts.joined(separator: ", ").nilIfEmpty
    }

    /// Image URLs from strings, objects with src/url, or lists of either.
    static func images(_ value: JSON?) -> [ImageCandidate] {
        guard let value else { return [] }
        switch value {
        case .string(let url):
            return url.trimmed.isEmpty ? [] : [ImageCandidate(url: url.trimmed)]
        case .array(let elements):
            return elements.prefix(30).flatMap { images($0) }
        case .object(let members):
            let width = SchemaValue.number(members["width"])?.boundedInt()
            for key in ["src", "url", "originalSrc", "href", "uri", "large", "zoom", "full", "preview_image"] {
                if let url = members[key]?.string { return [ImageCandidate(url: url.trimmed, width: width)] }
                if let nested = members[key], nested.object != nil { return images(nested) }
            }
            return []
        default:
            return []
        }
    }

    /// Colors and sizes from Shopify options/variants or generic color and size lists.
    private static func readOptions(_ product: JSON, into facts: inout ProductFacts) {
        let colorWords = ["color", "colour", "farbe", "couleur", "colore", "kleur"]
        let sizeWords = ["size", "grosse", "größe", "taille", "talla", "taglia", "maat"]
        func kind(_ name: String) -> String? {
            let lowered = name.lowercased()
            if colorWords.contains(where: lowered.includes) { return "color" }
            if sizeWords.contains(where: lowered.includes) { return "size" }
            return nil
        }
        func add(_ value: String?, kind: String?) {
            if kind == "color" { ProductFacts.appendUnique(value, to: &facts.colors) }
            if kind == "size" { ProductFacts.appendUnique(value, to: &facts.sizes) }
        }
        // Shopify: options ["Color", "Size"] or [{name, values}], variants with option1…3.
        var optionKinds: [String?] = []
        for option in product["options"]?.array ?? [] {
            let name = option.string ?? option["name"]?.string ?? ""
            optionKinds.append(kind(name))
            for value in option["values"]?.array ?? [] { add(SchemaValue.text(value), kind: kind(name)) }
        }
        for variant in (product["variants"]?.array ?? []).prefix(200) {
            for (position, optionKind) in optionKinds.enumerated() {
                add(variant["option\(position + 1)"]?.string, kind: optionKind)
            }
            add(SchemaValue.text(variant["color"] ?? variant["colour"]), kind: "color")
            add(SchemaValue.text(variant["size"]), kind: "size")
            if optionKinds.isEmpty, let title = variant["public_title"]?.string {
                // "Navy / M": without option names, the first part is usually the color.
                add(title.split(separator: "/").first.map { String($0) }, kind: "color")
            }
        }
        for key in ["colors", "colours", "colorways", "color", "colour"] {
            for value in product[key].map({ $0.array ?? [$0] }) ?? [] { add(SchemaValue.text(value), kind: "color") }
        }
        for key in ["sizes", "size", "availableSizes"] {
            for value in product[key].map({ $0.array ?? [$0] }) ?? [] { add(SchemaValue.text(value), kind: "size") }
        }
    }
}
