import JSON

/// All schema.org nodes of a page, with `@id` references resolved across blocks.
struct SchemaGraph {
    /// The top-level values (one per JSON-LD block, or one per microdata item).
    let roots: [JSON]
    private var nodesByID: [String: JSON] = [:]

    /// A product node found in the graph and how it was reached.
    struct ProductNode {
        /// The product node, references resolved.
        let node: JSON
        /// Reached through an ItemList or a related-products property: not the page's product.
        let isListed: Bool
        /// A variant inside a ProductGroup.
        let isVariant: Bool
    }

    /// Indexes every node with an `@id` in `roots`.
    init(roots: [JSON]) {
        self.roots = roots
        var budget = 20_000
        for root in roots { index(root, depth: 0, budget: &budget) }
    }

    private mutating func index(_ value: JSON, depth: Int, budget: inout Int) {
        guard depth < 12, budget > 0 else { return }
        budget -= 1
        switch value {
        case .object(let members):
            // A bare {"@id": …} is a reference; only nodes with content are indexed.
            if let id = members["@id"]?.string, members.count > 1 {
                if let existing = nodesByID[id]?.object {
                    nodesByID[id] = .object(existing.merging(members) { old, _ in old })
                } else {
                    nodesByID[id] = value
                }
            }
            for member in members.values { index(member, depth: depth + 1, budget: &budget) }
        case .array(let elements):
            for element in elements { index(element, depth: depth + 1, budget: &budget) }
        default:
            break
        }
    }

    /// The node a reference points at, or the value itself when it is not a known reference.
    func resolve(_ value: JSON?) -> JSON? {
        guard let value else { return nil }
        if case .object(let members) = value, let id = members["@id"]?.string, let target = nodesByID[id],
           members.count == 1 || members.keys.allSatisfy({ $0.hasPrefix("@") }) {
            return target
        }
        if case .string(let id) = value, id.hasPrefix("#") || id.hasPrefix("_:"), let target = nodesByID[id] {
            return target
        }
        return value
    }

    /// The elements of a value that may be one value or an array, each resolved.
    func list(_ value: JSON?) -> [JSON] {
        guard let value else { return [] }
        return (value.array ?? [value]).compactMap { resolve($0) }
    }

    /// Every Product-like node, in document order.
    func products() -> [ProductNode] {
        var found: [ProductNode] = []
        var budget = 20_000
        for root in roots { collect(root, depth: 0, listed: false, variant: false, into: &found, budget: &budget) }
        return found
    }

    private static let listKeys: Set<String> = ["itemListElement", "isRelatedTo", "isSimilarTo", "isAccessoryOrSparePartFor", "isConsumableFor", "related", "relatedProducts"]

    private func collect(_ value: JSON, depth: Int, listed: Bool, variant: Bool, into found: inout [ProductNode], budget: inout Int) {
        guard depth < 10, budget > 0 else { return }
        budget -= 1
        switch value {
        case .object(let members):
            let node = resolve(value) ?? value
            if SchemaValue.isProduct(node) {
                found.append(ProductNode(node: node, isListed: listed, isVariant: variant))
            }
            for (key, member) in members where key != "@id" {
                // A Book's editions (`workExample`) are its variants.
                let isVariantKey = key == "hasVariant" || key == "isVariantOf" || key == "workExample"
                collect(member, depth: depth + 1, listed: listed || Self.listKeys.contains(key),
                        variant: variant || isVariantKey, into: &found, budget: &budget)
            }
        case .array(let elements):
            for element in elements { collect(element, depth: depth + 1, listed: listed, variant: variant, into: &found, budget: &budget) }
        default:
            break
        }
    }

    /// The page's breadcrumb trail as "Women > Trousers > Wide-leg", if the graph has one.
    func breadcrumb() -> String? {
        var lists: [JSON] = []
        var budget = 5_000
        for root in roots { findBreadcrumbs(root, depth: 0, into: &lists, budget: &budget) }
        for list in lists {
            let items = self.list(list["itemListElement"]).sorted {
                (SchemaValue.number($0["position"]) ?? 0) < (SchemaValue.number($1["position"]) ?? 0)
            }
            let names = items.compactMap { item in SchemaValue.text(item["name"]) ?? SchemaValue.text(resolve(item["item"])?["name"]) }
            if !names.isEmpty { return names.joined(separator: " > ") }
        }
        return nil
    }

    private func findBreadcrumbs(_ value: JSON, depth: Int, into lists: inout [JSON], budget: inout Int) {
        guard depth < 6, budget > 0 else { return }
        budget -= 1
        if SchemaValue.types(of: value).contains("breadcrumblist") { lists.append(value); return }
        if let members = value.object { for member in members.values { findBreadcrumbs(member, depth: depth + 1, into: &lists, budget: &budget) } }
        if let elements = value.array { for element in elements { findBreadcrumbs(element, depth: depth + 1, into: &lists, budget: &budget) } }
    }
}
