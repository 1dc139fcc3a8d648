import Foundation
import HTML
import JSON

/// Reads RDFa (`typeof`, `property`, `rel`) into the JSON shape JSON-LD has, so the schema.org reader
/// interprets it: schema.org written as RDFa (`vocab="http://schema.org/" typeof="Product"`), and GoodRelations
/// (`typeof="gr:Offering"` with `gr:hasCurrencyValue`, `gr:hasStockKeepingUnit`), which older shop systems
/// (PowerBoutique, Magento 1 extensions, osCommerce) print, translated to a Product with its Offer.
struct RDFaExtractor {
    /// The page address, used to order variants.
    let pageURL: URL?

    /// Facts about the main product, or nil when no item is a product.
    func extract(from document: HTMLDocument) -> ProductFacts? {
        let roots = items(in: document).map(Self.schemaShaped)
        guard !roots.isEmpty else { return nil }
        return SchemaProductReader(graph: SchemaGraph(roots: roots), source: .rdfa, pageURL: pageURL).mainProduct()
    }

    /// Every item (an element with `typeof`) that is not inside another, as a JSON object with short
    /// property names ("gr:hasCurrencyValue" → "hasCurrencyValue"). At most `Self.maxItems` items are read.
    func items(in document: HTMLDocument) -> [JSON] {
        var roots: [JSON] = []
        var budget = Self.maxItems
        var cursor = 0
        let elements = document.elements
        while cursor < elements.count, budget > 0 {
            let element = elements[cursor]
            guard element.has("typeof") else {
                cursor += 1
                continue
            }
            var separate: [JSON] = []
            roots.append(item(element, in: document, depth: 0, budget: &budget, separate: &separate))
            roots += separate
            cursor = element.subtreeEnd
        }
        return roots
    }

    /// Pages repeat their data for every product tile; a page's own product comes early.
    static let maxItems = 200
    /// Values one item keeps, over all its names.
    static let maxValues = 2_000

    /// One item's members; items inside it that nothing links to (a Product in `<body typeof="WebPage">`) are
    /// subjects of their own and go to `separate`.
    private func item(_ scope: HTMLElement, in document: HTMLDocument, depth: Int, budget: inout Int, separate: inout [JSON]) -> JSON {
        budget -= 1
        var members: [String: [JSON]] = [:]
        var valueCount = 0
        // Values are bounded per item and per name: a hostile page repeats one property a million times.
        func add(_ value: @autoclosure () -> JSON, as name: String) {
            guard valueCount < Self.maxValues, members[name, default: []].count < 50 else { return }
            valueCount += 1
            members[name, default: []].append(value())
        }
        if let types = scope["typeof"]?.split(whereSeparator: \.isWhitespace), !types.isEmpty {
            members["@type"] = types.prefix(8).map { .string(String($0)) }
        }
        if let about = scope["about"] ?? scope["resource"], !about.isEmpty { members["@id"] = [.string(about)] }
        if scope.has("rel") {
            for name in Self.names(scope["property"]) { add(.string(propertyValue(scope, in: document)), as: name) }
        }
        var cursor = scope.index + 1
        while cursor < scope.subtreeEnd {
            let element = document.elements[cursor]
            if element.has("typeof") {
                // A nested item is the value of its own property or rel, or of a rel left hanging above it, else a
                // subject of its own.
                if depth < 8, budget > 0 {
                    // Its `rel` names it (a `property` beside the rel then describes the new item, as shops write
                    // `<span rel="schema:brand" typeof="schema:Brand" property="schema:name" content="Acme">`);
                    // else its `property`, else a rel left hanging above it.
                    let relNames = Self.names(element["rel"]), propertyNames = Self.names(element["property"])
                    let owners = !relNames.isEmpty ? relNames
                        : !propertyNames.isEmpty ? propertyNames : hangingRel(above: element, within: scope, in: document)
                    let value = item(element, in: document, depth: depth + 1, budget: &budget, separate: &separate)
                    if owners.isEmpty {
                        separate.append(value)
                    } else {
                        for name in owners { add(value, as: name) }
                    }
                }
                cursor = element.subtreeEnd
                continue
            }
            for name in Self.names(element["property"]) {
                add(.string(propertyValue(element, in: document)), as: name)
            }
            if let link = Self.link(of: element) {
                for name in Self.names(element["rel"]) { add(.string(link), as: name) }
            }
            cursor += 1
        }
        return .object(members.mapValues { $0.count == 1 ? $0[0] : .array($0) })
    }

    /// The names of the nearest `rel` between `element` and `scope` that names no object of its own: the
    /// items inside it are its values (`<div rel="gr:hasPriceSpecification"><div typeof="gr:UnitPriceSpecification">`).
    private func hangingRel(above element: HTMLElement, within scope: HTMLElement, in document: HTMLDocument) -> [String] {
        var current = element.parent
        while let index = current, index > scope.index {
            let ancestor = document.elements[index]
            if ancestor.has("rel"), Self.link(of: ancestor) == nil { return Self.names(ancestor["rel"]) }
            current = ancestor.parent
        }
        return []
    }

    /// The value of a `property`: its `content`, else the address it names, else its text.
    private func propertyValue(_ element: HTMLElement, in document: HTMLDocument) -> String {
        if let content = element["content"] { return content }
        if !element.has("rel"), !element.has("datatype"), let link = Self.link(of: element) { return link }
        switch element.tag {
        case "meta": return ""
        case "time": return element["datetime"] ?? document.text(of: element)
        default: return document.textFits(element, utf8Bytes: 4_000) ? document.text(of: element) : ""
        }
    }

    private static func link(of element: HTMLElement) -> String? {
        element["resource"] ?? element["href"] ?? element["src"]
    }

    /// Short names of an attribute's terms: "gr:name" → "name", "http://schema.org/price" → "price"; Open Graph
    /// and other page-level vocabularies in an item are left out.
    private static func names(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(whereSeparator: \.isWhitespace).prefix(8).compactMap { term -> String? in
            let short = SchemaValue.shortNameKeepingCase(String(term))
            guard let colon = short.lastIndex(of: ":") else { return short }
            let prefix = short[..<colon].lowercased()
            guard !["og", "fb", "twitter", "article", "dc", "dcterms", "sioc"].contains(prefix) else { return nil }
            let name = String(short[short.index(after: colon)...])
            return name.isEmpty ? nil : name
        }
    }
}
