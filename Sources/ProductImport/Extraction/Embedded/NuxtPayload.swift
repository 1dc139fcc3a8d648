import JSON

/// Nuxt 3 ships its state in `<script id="__NUXT_DATA__">` as a flat array where objects
/// and arrays refer to other entries by index (the "devalue" format). This rebuilds the tree.
enum NuxtPayload {
    /// The state tree, or the input unchanged when it is not a devalue array.
    static func hydrate(_ payload: JSON) -> JSON {
        guard let table = payload.array, !table.isEmpty else { return payload }
        var budget = 50_000
        return resolve(0, table: table, depth: 0, budget: &budget)
    }

    private static let wrappers: Set<String> = ["Reactive", "ShallowReactive", "Ref", "ShallowRef", "EmptyRef", "EmptyShallowRef", "NuxtError"]

    private static func resolve(_ index: Int, table: [JSON], depth: Int, budget: inout Int) -> JSON {
        guard index >= 0, index < table.count, depth < 40, budget > 0 else { return .null }
        budget -= 1
        switch table[index] {
        case .object(let members):
            var result: [String: JSON] = [:]
            for (key, reference) in members {
                result[key] = reference.int.map { resolve(Int($0), table: table, depth: depth + 1, budget: &budget) } ?? reference
            }
            return .object(result)
        case .array(let elements):
            if let tag = elements.first?.string, wrappers.contains(tag), elements.count == 2, let inner = elements[1].int {
                return resolve(Int(inner), table: table, depth: depth + 1, budget: &budget)
            }
            if elements.first?.string != nil { return .null }  // Date, Set, Map and other tagged values
            return .array(elements.map { element in
                element.int.map { resolve(Int($0), table: table, depth: depth + 1, budget: &budget) } ?? element
            })
        default:
            return table[index]
        }
    }
}
