import HTML
import JSON

/// Reads the data shops embed for their own scripts: Next.js `__NEXT_DATA__`, Nuxt state,
/// Redux-style `__INITIAL_STATE__`/`__PRELOADED_STATE__`, Shopify theme product JSON and
/// `var meta = {"product":…}`, and any `<script type="application/json">`.
struct EmbeddedDataExtractor {
    /// Scripts larger than this are skipped: they are bundles, not state.
    static let maximumScriptLength = 4_000_000

    /// Facts from the most product-like object found, or nil when no script holds one.
    func extract(from scripts: [HTMLScript]) -> ProductFacts? {
        var values: [JSON] = []
        for script in scripts where script["src"] == nil {
            guard !script.source.isEmpty, script.source.count <= Self.maximumScriptLength else { continue }
            switch Self.kind(ofType: script["type"]) {
            case .json:
                // Nuxt's payload is one flat array that refers to its entries by position: it is copied whole.
                let isNuxtPayload = script["id"] == "__NUXT_DATA__"
                guard let value = Self.parseJSON(script.text, pruned: !isNuxtPayload) else { continue }
                values.append(isNuxtPayload ? NuxtPayload.hydrate(value) : value)
            case .javascript:
                values.append(contentsOf: ScriptState.values(in: Array(script.source)))
            case .other:
                continue
            }
        }
        var best: ProductShape.Candidate?
        for value in values {
            guard let candidate = ProductShape.best(in: value) else { continue }
            if best == nil || candidate.score > best!.score { best = candidate }
        }
        guard let best else { return nil }
        var facts = ProductShape.facts(from: best.object)
        if facts.price != nil, facts.currency == nil { facts.currency = best.surroundingCurrency }
        return facts
    }

    enum ScriptKind: Equatable {
        /// JSON data other than JSON-LD (read by its own extractor).
        case json
        case javascript
        /// JSON-LD, templates and anything else.
        case other
    }

    /// What a script's `type` makes it. Pages carry hundreds of scripts, so the usual types are matched
    /// whole before Foundation's substring search (which showed in profiles) looks at anything else.
    static func kind(ofType attribute: String?) -> ScriptKind {
        switch attribute {
        case nil, "text/javascript", "application/javascript", "module": return .javascript
        case "application/json": return .json
        case "application/ld+json": return .other
        default:
            let type = attribute!.lowercased()
            if type.includes("ld+json") { return .other }
            if type.includes("json") { return .json }
            if type.includes("javascript") || type == "module" { return .javascript }
            return .other
        }
    }

    /// Strict JSON first, then the repair pass for hand-written or templated blocks.
    static func parseJSON(_ text: String, pruned: Bool = false) -> JSON? {
        func parse(_ bytes: [UInt8]) -> JSON? { pruned ? SkippedSubtrees.parse(bytes) : try? JSON.parse(bytes: bytes) }
        if let strict = parse(Array(text.utf8)) { return strict }
        return JSONRepair.values(in: text, limit: 1).first.flatMap { parse(Array($0.utf8)) }
    }
}
