import JSON

/// Reading schema.org values the many ways pages write them.
enum SchemaValue {
    /// The short, lowercase type names of a node: "Product", "schema:Product",
    /// "https://schema.org/Product" and ["Product", "Thing"] all give "product".
    static func types(of node: JSON) -> [String] {
        let raw: [JSON] = node["@type"].map { $0.array ?? [$0] } ?? []
        return raw.compactMap(\.string).map(shortName)
    }

    /// "https://schema.org/InStock" → "instock"; "schema:Product" → "product".
    static func shortName(_ name: String) -> String {
        let afterSlash = name.split(whereSeparator: { $0 == "/" || $0 == "#" }).last.map(String.init) ?? name
        let afterColon = afterSlash.split(separator: ":").last.map(String.init) ?? afterSlash
        return afterColon.trimmed.lowercased()
    }

    /// Whether the node's type is one schema.org uses for a product or a product family, or a
    /// book, event or vehicle that the page offers for sale (a bookshop's Book, a ticket shop's Event).
    static func isProduct(_ node: JSON) -> Bool {
        let names = types(of: node)
        if names.contains(where: productTypes.contains) { return true }
        if node["offers"] != nil, names.contains(where: { sellableTypes.contains($0) || isEventType($0) }) { return true }
        if names.contains("book"), !editionOffers(node).isEmpty { return true }
        // A concert, match or play whose tickets are not on sale yet ("We don't know about tickets yet") is
        // still one ticketed event: a performance kind with a date and a venue. A plain Event ("Open day")
        // is not; `SchemaProductReader` keeps such an event only when it is the page's only one.
        return names.contains(where: ticketedKinds.contains) && node["startDate"] != nil && node["location"] != nil
            && SchemaValue.text(node["name"]) != nil
    }

    /// Event kinds people buy tickets for.
    private static let ticketedKinds: Set<String> = [
        "musicevent", "sportsevent", "theaterevent", "comedyevent", "danceevent", "festival", "screeningevent", "childrensevent",
    ]

    /// Whether the node is an event (a concert, a match, a play…): what is bought is a ticket.
    static func isEvent(_ node: JSON) -> Bool {
        types(of: node).contains(where: isEventType)
    }

    private static func isEventType(_ name: String) -> Bool {
        name == "event" || name == "festival" || name.hasSuffix("event")
    }

    /// The offers of a Book marked up the way Google's book actions ask: each edition in
    /// `workExample` has a `potentialAction` (a ReadAction or BuyAction) whose
    /// `expectsAcceptanceOf` is the Offer. Looks two editions deep, since some shops nest
    /// `workExample` in `workExample`.
    static func editionOffers(_ node: JSON, depth: Int = 0) -> [JSON] {
        guard depth < 3 else { return [] }
        var offers: [JSON] = []
        for action in node["potentialAction"].map({ $0.array ?? [$0] }) ?? [] {
            offers += action["expectsAcceptanceOf"].map { $0.array ?? [$0] } ?? []
        }
        for edition in node["workExample"].map({ $0.array ?? [$0] }) ?? [] {
            offers += editionOffers(edition, depth: depth + 1)
        }
        return offers.filter { $0.object != nil }
    }

    /// The kind of goods a type names when it is not a Product: a Book is a book whatever its title
    /// says ("The Red Dress"), a Movie or MusicAlbum film or music.
    static func goodsKind(of node: JSON) -> String? {
        let names = types(of: node)
        if names.contains("book") { return "book" }
        if names.contains("movie") || names.contains("musicalbum") { return "film or music" }
        if names.contains("videogame") { return "electronics" }
        return nil
    }

    /// Types that are not schema.org Products but are sold with an offer.
    private static let sellableTypes: Set<String> = ["book", "vehicle", "car", "motorcycle", "musicalbum", "movie", "videogame"]

    /// Whether the node is a ProductGroup.
    static func isProductGroup(_ node: JSON) -> Bool {
        types(of: node).contains("productgroup")
    }

    private static let productTypes: Set<String> = ["product", "productgroup", "individualproduct", "productmodel", "someproducts"]

    /// A readable string: a string, a number, the first of an array, or an object's name/@value.
    static func text(_ value: JSON?) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let string): return string.cleanedText
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .array(let elements): return elements.lazy.compactMap { text($0) }.first
        case .object:
            return text(value["name"]) ?? text(value["@value"]) ?? text(value["value"]) ?? text(value["label"]) ?? text(value["legalName"])
        default: return nil
        }
    }

    /// Every readable string of a value that may be a single value or an array.
    static func texts(_ value: JSON?) -> [String] {
        guard let value else { return [] }
        if let elements = value.array { return elements.compactMap { text($0) } }
        return text(value).map { [$0] } ?? []
    }

    /// A number written as a number, a numeric string or a QuantitativeValue.
    static func number(_ value: JSON?) -> Double? {
        guard let value else { return nil }
        switch value {
        case .int, .double: return value.double
        case .string(let string): return PriceParser.amount(string)
        case .array(let elements): return elements.lazy.compactMap { number($0) }.first
        case .object: return number(value["value"]) ?? number(value["@value"])
        default: return nil
        }
    }

    /// Image candidates from a URL string, an ImageObject, or an array of either.
    static func images(_ value: JSON?) -> [ImageCandidate] {
        guard let value else { return [] }
        switch value {
        case .string(let url):
            let trimmed = url.trimmed
            return trimmed.isEmpty ? [] : [ImageCandidate(url: trimmed)]
        case .array(let elements):
            return elements.flatMap { images($0) }
        case .object:
            let width = number(value["width"])?.boundedInt()
            let urls = [value["url"], value["contentUrl"], value["contentURL"], value["@id"]].compactMap { $0?.string }
            if let url = urls.first { return [ImageCandidate(url: url.trimmed, width: width)] }
            return []
        default:
            return []
        }
    }
}
