import Foundation
import HTML
import JSON

/// Reads schema.org data from `<script type="application/ld+json">` blocks, repairing the
/// broken JSON real shops publish before parsing it.
struct JSONLDExtractor {
    /// The page address, used to order variants.
    let pageURL: URL?

    /// Facts about the main product, or nil when no block describes a product. `title` (the page's
    /// `og:title` or title) picks the page's own product among several.
    func extract(from scripts: [HTMLScript], title: String? = nil) -> ProductFacts? {
        var roots: [JSON] = []
        for script in scripts {
            guard script.isJSONLD else { continue }
            roots.append(contentsOf: Self.parse(script.text))
        }
        guard !roots.isEmpty else { return nil }
        return SchemaProductReader(graph: SchemaGraph(roots: roots), source: .jsonLD, pageURL: pageURL).mainProduct(title: title)
    }

    /// The JSON values in one script block: strict JSON first, then the repair pass.
    static func parse(_ text: String) -> [JSON] {
        var source = text
        // Some shops escape the whole block as HTML: {&quot;@type&quot;:…}.
        if !source.includes("\"") && source.includes("&quot;") { source = HTMLEntities.decode(source) }
        if let strict = try? JSON.parse(source), strict.object != nil || strict.array != nil { return [strict] }
        return JSONRepair.values(in: source).compactMap { try? JSON.parse($0) }
    }
}

extension HTMLScript {
    /// Whether the script is a JSON-LD block (`application/ld+json`, in any case or with parameters). Most of a page's
    /// scripts have no type or a JavaScript one, and the common spelling is compared before anything is lowered.
    var isJSONLD: Bool {
        guard let type = self["type"] else { return false }
        return type == "application/ld+json" || type.lowercased().includes("ld+json")
    }

    /// Whether the script is JSON-LD that declares a list of products (a category or collection page).
    var declaresProductList: Bool {
        guard isJSONLD else { return false }
        let text = self.text
        return text.includes("\"ItemList\"") || text.includes("\"CollectionPage\"")
    }
}
