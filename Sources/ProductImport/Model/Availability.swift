/// Whether the shop can sell the piece now.
public enum Availability: String, CaseIterable, Sendable, Hashable {
    case inStock = "in_stock"
    case outOfStock = "out_of_stock"
    case preOrder = "pre_order"
    case backOrder = "back_order"
    case limited = "limited"
    case discontinued = "discontinued"

    /// Reads schema.org values in every spelling shops use ("https://schema.org/InStock",
    /// "http://schema.org/OutOfStock", "schema:SoldOut", "InStock", "in_stock", "in stock"),
    /// feed values ("available for order", "preorder") and, failing those, shop wording in the
    /// languages `AvailabilityWords` reads ("Auf Lager", "품절").
    public init?(text: String) {
        guard text.utf8.count <= 300 else { return nil }
        let last = text.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init) ?? text
        let key = last.lowercased().filter { $0.isLetter }
        if let value = Self.schemaValues[key] {
            self = value
        } else if let value = AvailabilityWords.availability(in: text) {
            self = value
        } else {
            return nil
        }
    }

    /// Whether a buyer can order it now (a limited stock still sells).
    var isBuyable: Bool { self == .inStock || self == .limited }

    /// schema.org ItemAvailability names and feed values, as lowercase letters only.
    private static let schemaValues: [String: Availability] = [
        "instock": .inStock, "available": .inStock, "onlineonly": .inStock, "instoreonly": .inStock, "instockonly": .inStock,
        "true": .inStock, "availablefororder": .inStock, "madetoorder": .inStock, "yes": .inStock,
        "outofstock": .outOfStock, "soldout": .outOfStock, "unavailable": .outOfStock, "notavailable": .outOfStock,
        "false": .outOfStock, "oos": .outOfStock, "reserved": .outOfStock, "no": .outOfStock,
        "preorder": .preOrder, "presale": .preOrder,
        "backorder": .backOrder,
        "limitedavailability": .limited, "limited": .limited, "lowstock": .limited,
        "discontinued": .discontinued,
    ]
}
