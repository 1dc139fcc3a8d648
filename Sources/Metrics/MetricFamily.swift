import Synchronization

/// One metric name with its help text, label names and one series per combination of label values.
///
/// Label values come from Wardrobe's own code (network names, job states, error kinds), not from
/// users; still, a family keeps at most `maxSeries` series and drops updates for new ones past that.
public final class MetricFamily: Sendable {
    /// One series' state: a value (counter, gauge) or bucket counts, sum and count (histogram).
    struct Series: Sendable {
        var value: Double = 0
        var bucketCounts: [UInt64] = []
        var sum: Double = 0
        var count: UInt64 = 0
    }

    /// The metric name, e.g. `wardrobe_updates_handled_total`.
    public let name: String
    /// One line of help.
    public let help: String
    /// Counter, gauge or histogram.
    public let kind: MetricKind
    /// The label names, in the order values are given.
    public let labelNames: [String]
    /// Upper bounds of the histogram buckets, ascending (empty for counters and gauges); `+Inf` is implied.
    public let buckets: [Double]
    /// The most series kept.
    public let maxSeries: Int
    let series = Mutex<[[String]: Series]>([:])

    init(name: String, help: String, kind: MetricKind, labelNames: [String], buckets: [Double], maxSeries: Int) {
        self.name = name
        self.help = help
        self.kind = kind
        self.labelNames = labelNames
        self.buckets = buckets.filter(\.isFinite).sorted()
        self.maxSeries = maxSeries
    }

    /// Adds `amount` (≥ 0) to a counter, or to a gauge (any sign).
    public func add(_ amount: Double = 1, _ labels: String...) {
        guard kind != .histogram, amount.isFinite, kind == .gauge || amount >= 0 else { return }
        update(labels) { $0.value += amount }
    }

    /// Sets a gauge.
    public func set(_ value: Double, _ labels: String...) {
        guard kind == .gauge, value.isFinite else { return }
        update(labels) { $0.value = value }
    }

    /// Replaces every series of a gauge at once (a scrape-time reading such as jobs by state), so
    /// label values that disappeared do not linger.
    public func replaceAll(_ values: [([String], Double)]) {
        guard kind == .gauge else { return }
        series.withLock { series in
            series.removeAll()
            for (labels, value) in values.prefix(maxSeries) where labels.count == labelNames.count && value.isFinite {
                series[labels] = Series(value: value)
            }
        }
    }

    /// Records one observation in a histogram.
    public func observe(_ value: Double, _ labels: String...) {
        guard kind == .histogram, value.isFinite else { return }
        let buckets = self.buckets
        update(labels) { series in
            if series.bucketCounts.isEmpty { series.bucketCounts = Array(repeating: 0, count: buckets.count) }
            for (index, bound) in buckets.enumerated() where value <= bound { series.bucketCounts[index] += 1 }
            series.sum += value
            series.count += 1
        }
    }

    /// The value of one counter or gauge series (nil when it has none).
    public func value(_ labels: String...) -> Double? { series.withLock { $0[labels]?.value } }

    /// How many observations one histogram series holds.
    public func observationCount(_ labels: String...) -> UInt64 { series.withLock { $0[labels]?.count ?? 0 } }

    private func update(_ labels: [String], _ change: (inout Series) -> Void) {
        guard labels.count == labelNames.count else { return }
        series.withLock { series in
            guard series[labels] != nil || series.count < maxSeries else { return }
            change(&series[labels, default: Series()])
        }
    }
}
