import Synchronization

/// Every metric of one process, rendered on request in the Prometheus text exposition format.
///
/// Components get the families they update injected (no globals). Readings that live elsewhere
/// (queue depths in the database) are taken by collectors, which run before each rendering.
public final class MetricsRegistry: Sendable {
    private let families = Mutex<[MetricFamily]>([])
    private let collectors = Mutex<[@Sendable () async -> Void]>([])

    /// An empty registry.
    public init() {}

    /// A counter family; the name should end in `_total`. Registering a name again returns the first family.
    public func counter(_ name: String, help: String, labels: [String] = [], maxSeries: Int = 1000) -> MetricFamily {
        register(MetricFamily(name: name, help: help, kind: .counter, labelNames: labels, buckets: [], maxSeries: maxSeries))
    }

    /// A gauge family.
    public func gauge(_ name: String, help: String, labels: [String] = [], maxSeries: Int = 1000) -> MetricFamily {
        register(MetricFamily(name: name, help: help, kind: .gauge, labelNames: labels, buckets: [], maxSeries: maxSeries))
    }

    /// A histogram family with fixed bucket upper bounds (`+Inf` is added when rendered).
    public func histogram(_ name: String, help: String, labels: [String] = [], buckets: [Double], maxSeries: Int = 1000) -> MetricFamily {
        register(MetricFamily(name: name, help: help, kind: .histogram, labelNames: labels, buckets: buckets, maxSeries: maxSeries))
    }

    /// Adds a reading taken before every rendering (it sets gauges).
    public func addCollector(_ collect: @escaping @Sendable () async -> Void) {
        collectors.withLock { $0.append(collect) }
    }

    /// Runs the collectors, then renders every family.
    public func collectAndRender() async -> String {
        for collect in collectors.withLock({ $0 }) { await collect() }
        return render()
    }

    /// Every family in the Prometheus text format (version 0.0.4), in registration order.
    public func render() -> String {
        families.withLock { $0 }.map(PrometheusText.render).joined()
    }

    /// The Content-Type of `render()`'s output.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private func register(_ family: MetricFamily) -> MetricFamily {
        families.withLock { families in
            if let existing = families.first(where: { $0.name == family.name }) { return existing }
            families.append(family)
            return family
        }
    }
}
