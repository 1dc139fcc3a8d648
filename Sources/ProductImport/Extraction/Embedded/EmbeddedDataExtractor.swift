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
            let type = script["type"]?.lowercased() ?? "text/javascript"
            guard !type.contains("ld+json") else { continue }
            guard !script.source.isEmpty, script.source.count <= Self.maximumScriptLength else { continue }
            if type.contains("json") {
                guard var value = Self.parseJSON(script.text) else { continue }
                if script["id"] == "__NUXT_DATA__" { value = NuxtPayload.hydrate(value) }
                values.append(value)
            } else if type.contains("javascript") || type == "module" {
                values.append(contentsOf: ScriptState.values(in: Array(script.source)))
            }
        }
        var best: ProductShape.Candidate?
        for value in values {
            guard let candidate = ProductShape.best(in: value) else { continue }
            if best == nil || candidate.score > best!.score { best = candidate }
        }
        guard let best else { return nil }
        return ProductShape.facts(from: best.object)
    }

    /// Strict JSON first, then the repair pass for hand-written or templated blocks.
    static func parseJSON(_ text: String) -> JSON? {
        if let strict = try? JSON.parse(text) { return strict }
        return JSONRepair.values(in: text, limit: 1).first.flatMap { try? JSON.parse($0) }
    }
}
