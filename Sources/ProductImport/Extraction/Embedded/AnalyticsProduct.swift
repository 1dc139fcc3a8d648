import JSON

/// The product a page reports to Google Analytics as viewed, in the shape `ProductShape.facts` reads:
/// GA4's `view_item` event (`dataLayer.push({event: "view_item", ecommerce: {currency, items: [{item_id,
/// item_name, item_brand, price}]}})`, or `gtag("event", "view_item", {…})`, which `ScriptState` hands
/// over in the same shape), and Universal Analytics' product detail (`ecommerce: {currencyCode, detail:
/// {products: [{id, name, brand, price, category}]}}`). Only a report of exactly one item counts: a list
/// view names many, and a detail view of several is a bundle or a set.
enum AnalyticsProduct {
    /// The viewed product in `value`, or nil when it is no such report.
    static func product(in value: JSON) -> JSON? {
        // `dataLayer = [{…}, {event: "view_item", …}]`: the pushes written out as the list's first entries.
        if let entries = value.array { return entries.prefix(20).lazy.compactMap { product(in: $0) }.first }
        guard let ecommerce = value["ecommerce"], ecommerce.object != nil else { return nil }
        if value["event"]?.string == "view_item", let items = ecommerce["items"]?.array, items.count == 1 {
            let item = items[0]
            var categories: [JSON] = []
            for key in ["item_category", "item_category2", "item_category3", "item_category4", "item_category5"] {
                if let category = item[key], category.string?.isEmpty == false { categories.append(category) }
            }
            return product(name: item["item_name"], sku: item["item_id"], brand: item["item_brand"], price: item["price"],
                           currency: item["currency"] ?? ecommerce["currency"], categories: categories)
        }
        if let products = ecommerce["detail"]?["products"]?.array, products.count == 1 {
            let item = products[0]
            let categories = item["category"]?.string.map { $0.split(separator: "/").map { JSON.string(String($0)) } } ?? []
            return product(name: item["name"], sku: item["id"] ?? item["sku"], brand: item["brand"], price: item["price"],
                           currency: ecommerce["currencyCode"] ?? ecommerce["currency"], categories: categories)
        }
        return nil
    }

    private static func product(name: JSON?, sku: JSON?, brand: JSON?, price: JSON?, currency: JSON?, categories: [JSON]) -> JSON? {
        guard let name = name?.string, !name.isEmpty else { return nil }
        var members: [String: JSON] = ["name": .string(name)]
        // Analytics ids are text or numbers; a number is the article number written out.
        if let sku = sku?.string ?? sku?.int.map(String.init), !sku.isEmpty { members["sku"] = .string(sku) }
        if let brand = brand?.string, !brand.isEmpty { members["brand"] = .string(brand) }
        if let price, price.double != nil || price.string != nil { members["price"] = price }
        if let currency = currency?.string { members["currency"] = .string(currency) }
        if !categories.isEmpty { members["category"] = .array(categories) }
        return .object(members)
    }
}
