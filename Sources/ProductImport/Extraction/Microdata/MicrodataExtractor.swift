import Foundation
import HTML
import JSON

/// Reads schema.org microdata (`itemscope`, `itemtype`, `itemprop`) into the same JSON shape
/// JSON-LD has, so one reader interprets both.
struct MicrodataExtractor {
    /// The page address, used to order variants.
    let pageURL: URL?

    /// Facts about the main product, or nil when no item is a product.
    func extract(from document: HTMLDocument) -> ProductFacts? {
        let roots = items(in: document)
        guard !roots.isEmpty else { return nil }
        return SchemaProductReader(graph: SchemaGraph(roots: roots), source: .microdata, pageURL: pageURL).mainProduct()
    }

    /// Every top-level item of the page as a JSON object: an item that is no other item's property, and one
    /// marked as a property with no item around it to belong to (`<div itemprop="product" itemscope
    /// itemtype="…/Product">` straight in the body, as the Fanatics-run team shops write it).
    func items(in document: HTMLDocument) -> [JSON] {
        var roots: [JSON] = []
        var cursor = 0
        var openScopeEnds: [Int] = []
        let elements = document.elements
        while cursor < elements.count {
            let element = elements[cursor]
            while let last = openScopeEnds.last, last <= cursor { openScopeEnds.removeLast() }
            if element.has("itemscope") {
                if !element.has("itemprop") || openScopeEnds.isEmpty { roots.append(item(element, in: document)) }
                openScopeEnds.append(element.subtreeEnd)
            }
            cursor += 1
        }
        return roots
    }

    private func item(_ scope: HTMLElement, in document: HTMLDocument) -> JSON {
        var members: [String: [JSON]] = [:]
        if let type = scope["itemtype"] {
            let types = type.split(whereSeparator: \.isWhitespace).map { JSON.string(String($0)) }
            members["@type"] = types
        }
        if let id = scope["itemid"] { members["@id"] = [.string(id)] }
        var cursor = scope.index + 1
        while cursor < scope.subtreeEnd {
            let element = document.elements[cursor]
            let isScope = element.has("itemscope")
            if let names = element["itemprop"] {
                let value = isScope ? item(element, in: document) : .string(propertyValue(element, in: document))
                for name in names.split(whereSeparator: \.isWhitespace) {
                    // Full-URL property names ("https://schema.org/price") reduce to their short name.
                    let short = SchemaValue.shortNameKeepingCase(String(name))
                    members[short, default: []].append(value)
                    // `<span itemprop="price" content="253">253.0 грн</span>`: the shown text keeps the sign, for a
                    // `priceCurrency` that names no currency ("UAN").
                    if short == "price", !isScope, element["content"] != nil, document.textFits(element, utf8Bytes: 40) {
                        members[Self.shownPriceKey, default: []].append(.string(document.text(of: element)))
                    }
                }
            }
            // A nested item's properties belong to it, not to this item.
            cursor = isScope ? element.subtreeEnd : cursor + 1
        }
        return .object(members.mapValues { $0.count == 1 ? $0[0] : .array($0) })
    }

    /// The member holding a price element's shown text beside its `content` (no schema.org name: it cannot clash).
    static let shownPriceKey = "price shown"

    /// The value of a property element, following the microdata rules plus the common
    /// `content` attribute on any element.
    private func propertyValue(_ element: HTMLElement, in document: HTMLDocument) -> String {
        if let content = element["content"] { return content }
        switch element.tag {
        case "meta": return element["content"] ?? ""
        case "img", "audio", "embed", "iframe", "source", "track", "video":
            return element["src"] ?? element["data-src"] ?? ""
        case "a", "area", "link": return element["href"] ?? ""
        case "object": return element["data"] ?? ""
        case "data", "meter": return element["value"] ?? document.text(of: element)
        case "time": return element["datetime"] ?? document.text(of: element)
        default: return document.text(of: element)
        }
    }
}

extension SchemaValue {
    /// The last path segment of a property name written as a URL, case kept.
    static func shortNameKeepingCase(_ name: String) -> String {
        guard name.contains("/") || name.contains("#") else { return name }
        return name.split(whereSeparator: { $0 == "/" || $0 == "#" }).last.map(String.init) ?? name
    }
}
