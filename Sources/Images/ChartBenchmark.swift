import Support

/// Times `ImageProcessor.chart` on a full `/stats` chart: 12 month columns, two ranked lists and two side-by-side sections.
///
/// Wall time and CPU time (user + system, all threads) per run: on a busy machine the CPU time is the steadier figure.
///
/// Prints figures for `wardrobe bench images`; nothing here asserts a time.
public enum ChartBenchmark {
    /// A chart as large as `/stats` draws: every section full.
    public static func sampleSpec() -> ChartSpec {
        let months = ["Jan 26", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let ranked = (1...5).map { ChartBar(label: "#\($0 * 3) Navy wool blazer, slim", value: Double(30 - $0 * 4), valueText: "\(30 - $0 * 4)×") }
        let cost = (1...5).map { ChartBar(label: "#\($0 * 2) Cashmere coat", value: Double(60 / $0), valueText: "\(60 / $0).50 EUR") }
        let categories = ["tops", "bottoms", "shoes", "dresses", "coats", "accessories"].enumerated().map {
            ChartBar(label: $0.element, value: Double(12 - $0.offset), valueText: "\(12 - $0.offset)")
        }
        let colours = [("black", RGB(grey: 20)), ("white", RGB.white), ("navy", RGB(30, 40, 90)), ("beige", RGB(214, 196, 160)),
                       ("red", RGB(200, 40, 40)), ("green", RGB(60, 140, 70))].enumerated().map {
            ChartBar(label: $0.element.0, value: Double(9 - $0.offset), valueText: "\(9 - $0.offset)", color: $0.element.1)
        }
        return ChartSpec(title: "Your wear statistics", subtitle: "48 pieces · 312 wears · 7 not worn in 90 days", rows: [
            [ChartSection(title: "Wears per month", orientation: .columns, bars: months.enumerated().map {
                ChartBar(label: $0.element, value: Double(($0.offset * 7) % 31), valueText: "\(($0.offset * 7) % 31)")
            })],
            [ChartSection(title: "Most worn", orientation: .rows, bars: ranked)],
            [ChartSection(title: "Cost per wear (EUR)", orientation: .rows, bars: cost)],
            [ChartSection(title: "By category", orientation: .rows, bars: categories),
             ChartSection(title: "By colour", orientation: .rows, bars: colours)],
        ])
    }

    /// Draws the sample chart `runs` times (after one warm-up) and returns a short report.
    public static func run(runs: Int = 15, processor: ImageProcessor = ImageProcessor()) throws -> String {
        let spec = sampleSpec()
        let first = try processor.chart(spec)
        let clock = ContinuousClock()
        var times: [Duration] = []
        var cpuTimes: [Duration] = []
        for _ in 0..<max(1, runs) {
            let start = clock.now
            let cpuStart = ProcessMemory.cpuTime()
            _ = try processor.chart(spec)
            times.append(clock.now - start)
            cpuTimes.append(ProcessMemory.cpuTime() - cpuStart)
        }
        let sorted = times.sorted()
        let cpu = cpuTimes.sorted()
        func milliseconds(_ duration: Duration) -> String {
            let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return String(Int(value.rounded()))
        }
        return [
            "Stats chart benchmark",
            "  chart:     \(first.image.width)×\(first.image.height) PNG, \(first.image.bytes.count / 1024) KB, "
                + "\(first.layout.bars.count) bars, \(first.layout.texts.count) texts",
            "  libvips:   \(sorted.count) runs, median \(milliseconds(sorted[sorted.count / 2])) ms "
                + "(min \(milliseconds(sorted[0])), max \(milliseconds(sorted[sorted.count - 1])))",
            "             CPU time per run median \(milliseconds(cpu[cpu.count / 2])) ms (user + system, all threads)",
        ].joined(separator: "\n")
    }
}
