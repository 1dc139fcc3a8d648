import Foundation

/// Renders metric families in the Prometheus text exposition format: `# HELP`, `# TYPE`, then one
/// line per sample; histograms as cumulative `_bucket{le=…}` lines with `+Inf`, `_sum` and `_count`.
enum PrometheusText {
    static func render(_ family: MetricFamily) -> String {
        var text = "# HELP \(family.name) \(escapeHelp(family.help))\n# TYPE \(family.name) \(family.kind.rawValue)\n"
        let series = family.series.withLock { $0 }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for (values, sample) in series {
            let pairs = Array(zip(family.labelNames, values))
            switch family.kind {
            case .counter, .gauge:
                text += "\(family.name)\(labels(pairs)) \(number(sample.value))\n"
            case .histogram:
                // Buckets are stored per bound (each observation counted in every bucket it fits), so already cumulative.
                for (index, bound) in family.buckets.enumerated() {
                    let count = index < sample.bucketCounts.count ? sample.bucketCounts[index] : 0
                    text += "\(family.name)_bucket\(labels(pairs + [("le", number(bound))])) \(count)\n"
                }
                text += "\(family.name)_bucket\(labels(pairs + [("le", "+Inf")])) \(sample.count)\n"
                text += "\(family.name)_sum\(labels(pairs)) \(number(sample.sum))\n"
                text += "\(family.name)_count\(labels(pairs)) \(sample.count)\n"
            }
        }
        return text
    }

    static func labels(_ pairs: [(String, String)]) -> String {
        guard !pairs.isEmpty else { return "" }
        return "{" + pairs.map { "\($0.0)=\"\(escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
    }

    /// A sample value: integers without a fraction, `+Inf`, `-Inf`, `NaN` as the format spells them.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Label values escape backslash, double quote and line feed.
    static func escapeLabel(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Help text escapes backslash and line feed.
    static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
