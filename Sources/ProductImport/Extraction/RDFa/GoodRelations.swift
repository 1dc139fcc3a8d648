import JSON

/// GoodRelations terms as schema.org's: an offering (`gr:Offering`) becomes the Product it sells, with an Offer
/// carrying its unit price; a product description alone (`gr:SomeItems`, `gr:Individual`…) becomes a Product.
extension RDFaExtractor {
    /// A GoodRelations node in schema.org's shape; any other node as it is.
    static func schemaShaped(_ root: JSON) -> JSON {
        guard let members = root.object else { return root }
        let types = SchemaValue.types(of: root)
        if types.contains("offering") { return offering(members) }
        if types.contains(where: goodTypes.contains) { return .object(product(members, fallback: [:])) }
        return root
    }

    private static let goodTypes: Set<String> = [
        "productorservice", "someitems", "individual", "productorservicemodel", "productorservicesomeinstancesplaceholder",
    ]

    /// The offering's good: `gr:includes`, or `gr:includesObject` → `gr:typeOfGood`.
    private static func offering(_ members: [String: JSON]) -> JSON {
        let good = first(members["includes"])?.object
            ?? first(first(members["includesObject"])?.object?["typeOfGood"])?.object ?? [:]
        var product = product(members, fallback: good)
        var offer: [String: JSON] = ["@type": .string("Offer")]
        if let price = unitPrice(members["hasPriceSpecification"]) {
            offer["price"] = price.amount
            if let currency = price.currency { offer["priceCurrency"] = currency }
        }
        if let availability = first(members["availability"]) { offer["availability"] = availability }
        if offer.count > 1 { product["offers"] = .object(offer) }
        return .object(product)
    }

    /// A Product from an offering's or a good's own terms, each missing one taken from `fallback`.
    private static func product(_ members: [String: JSON], fallback: [String: JSON]) -> [String: JSON] {
        var product: [String: JSON] = ["@type": .string("Product")]
        func term(_ names: [String]) -> JSON? {
            for name in names { if let value = first(members[name]) ?? first(fallback[name]) { return value } }
            return nil
        }
        let renamed: [(String, [String])] = [
            ("name", ["name", "label"]), ("description", ["description", "comment"]), ("sku", ["hasStockKeepingUnit", "sku"]),
            ("gtin13", ["hasEAN_UCC-13", "gtin13"]), ("gtin14", ["hasGTIN-14", "gtin14"]), ("mpn", ["hasMPN", "mpn"]),
            ("image", ["image", "depiction", "img"]), ("url", ["page", "url"]),
        ]
        for (schemaName, names) in renamed { if let value = term(names) { product[schemaName] = value } }
        if let maker = term(["hasBrand", "brand", "hasManufacturer", "manufacturer"]) {
            // A brand node's name ("gr:Brand" with "gr:name"), or the plain text.
            product["brand"] = maker.object.flatMap { first($0["name"]) ?? first($0["legalName"]) } ?? maker
        }
        return product
    }

    /// The first unit price: a `gr:UnitPriceSpecification` with `gr:hasCurrencyValue` (or its minimum), not a
    /// delivery or payment charge.
    private static func unitPrice(_ value: JSON?) -> (amount: JSON, currency: JSON?)? {
        let specifications = value.map { $0.array ?? [$0] } ?? []
        for specification in specifications {
            guard let members = specification.object else { continue }
            let types = SchemaValue.types(of: specification)
            if types.contains(where: { $0.hasSuffix("chargespecification") }) { continue }
            guard let amount = first(members["hasCurrencyValue"]) ?? first(members["hasMinCurrencyValue"]) ?? first(members["price"]) else { continue }
            return (amount, first(members["hasCurrency"]) ?? first(members["priceCurrency"]))
        }
        return nil
    }

    private static func first(_ value: JSON?) -> JSON? {
        guard let value else { return nil }
        return value.array.map { $0.first } ?? value
    }
}
