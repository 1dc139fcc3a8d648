/// Whether the shop can sell the piece now.
public enum Availability: String, CaseIterable, Sendable, Hashable {
    case inStock = "in_stock"
    case outOfStock = "out_of_stock"
    case preOrder = "pre_order"
    case backOrder = "back_order"
    case limited = "limited"
    case discontinued = "discontinued"

    /// Reads schema.org URLs ("https://schema.org/InStock"), bare names and shop wording.
    public init?(text: String) {
        let last = text.split(separator: "/").last.map(String.init) ?? text
        let key = last.lowercased().filter { $0.isLetter }
        switch key {
        case "instock", "available", "onlineonly", "instoreonly", "instockonly", "true": self = .inStock
        case "outofstock", "soldout", "unavailable", "notavailable", "false", "oos": self = .outOfStock
        case "preorder", "presale": self = .preOrder
        case "backorder": self = .backOrder
        case "limitedavailability", "limited", "lowstock": self = .limited
        case "discontinued": self = .discontinued
        default: return nil
        }
    }
}
