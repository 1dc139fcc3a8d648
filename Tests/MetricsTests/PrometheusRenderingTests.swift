import Metrics
import Synchronization
import Testing

@Suite struct PrometheusRenderingTests {
    @Test func aCounterRendersHelpTypeAndOneLinePerLabelSet() {
        let registry = MetricsRegistry()
        let handled = registry.counter("wardrobe_updates_handled_total", help: "Updates handled.", labels: ["network"])
        handled.add(1, "telegram")
        handled.add(2, "telegram")
        handled.add(1, "matrix")
        #expect(registry.render() == """
            # HELP wardrobe_updates_handled_total Updates handled.
            # TYPE wardrobe_updates_handled_total counter
            wardrobe_updates_handled_total{network="matrix"} 1
            wardrobe_updates_handled_total{network="telegram"} 3

            """)
    }

    @Test func aCounterNeverGoesDownAndIgnoresWrongLabelCounts() {
        let registry = MetricsRegistry()
        let counter = registry.counter("c_total", help: "c", labels: ["a"])
        counter.add(5, "x")
        counter.add(-3, "x")
        counter.add(.nan, "x")
        counter.add(1, "x", "extra")
        counter.add(1)
        #expect(counter.value("x") == 5)
        #expect(!registry.render().contains("extra"))
    }

    @Test func aHistogramRendersCumulativeBucketsWithInfSumAndCount() {
        let registry = MetricsRegistry()
        let latency = registry.histogram("h_seconds", help: "Latency.", buckets: [0.1, 1, 0.5])
        for value in [0.05, 0.1, 0.3, 0.7, 2] { latency.observe(value) }
        #expect(registry.render() == """
            # HELP h_seconds Latency.
            # TYPE h_seconds histogram
            h_seconds_bucket{le="0.1"} 2
            h_seconds_bucket{le="0.5"} 3
            h_seconds_bucket{le="1"} 4
            h_seconds_bucket{le="+Inf"} 5
            h_seconds_sum 3.15
            h_seconds_count 5

            """)
    }

    @Test func labelValuesAndHelpAreEscaped() {
        let registry = MetricsRegistry()
        let gauge = registry.gauge("g", help: "back\\slash\nnew line", labels: ["v"])
        gauge.set(1.5, "a\"b\\c\nd")
        let text = registry.render()
        #expect(text.contains(#"# HELP g back\\slash\nnew line"#))
        #expect(text.contains(#"g{v="a\"b\\c\nd"} 1.5"#))
    }

    @Test func aGaugeReplacedAtScrapeTimeDropsSeriesThatWentAway() async {
        let registry = MetricsRegistry()
        let jobs = registry.gauge("jobs", help: "Jobs by state.", labels: ["state"])
        let readings = ReadingSource(values: [(["queued"], 3), (["running"], 1)])
        registry.addCollector { jobs.replaceAll(readings.next()) }
        let first = await registry.collectAndRender()
        #expect(first.contains(#"jobs{state="queued"} 3"#))
        #expect(first.contains(#"jobs{state="running"} 1"#))
        let second = await registry.collectAndRender()
        #expect(second.contains(#"jobs{state="done"} 7"#))
        #expect(!second.contains("queued"))
    }

    @Test func aFamilyKeepsAtMostItsSeriesLimit() {
        let registry = MetricsRegistry()
        let counter = registry.counter("many_total", help: "m", labels: ["k"], maxSeries: 3)
        for key in 0..<10 { counter.add(1, "\(key)") }
        #expect(registry.render().split(separator: "\n").filter { $0.hasPrefix("many_total{") }.count == 3)
        counter.add(1, "0")
        #expect(counter.value("0") == 2)
    }

    @Test func registeringANameTwiceReturnsTheSameFamily() {
        let registry = MetricsRegistry()
        registry.counter("same_total", help: "s").add()
        registry.counter("same_total", help: "s").add()
        #expect(registry.counter("same_total", help: "s").value() == 2)
    }
}

/// Hands out the first reading, then another.
final class ReadingSource: Sendable {
    private let calls = Synchronization.Mutex(0)
    private let values: [([String], Double)]
    init(values: [([String], Double)]) { self.values = values }
    func next() -> [([String], Double)] {
        calls.withLock { calls in
            calls += 1
            return calls == 1 ? values : [(["done"], 7)]
        }
    }
}
