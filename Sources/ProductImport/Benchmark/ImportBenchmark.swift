import Foundation
import HTML

/// Measures the importer: field accuracy over a fixture corpus, median parse-and-extract time
/// per corpus page, and the time for a generated 2 MB page. `wardrobe bench import` prints it.
public struct ImportBenchmark: Sendable {
    /// The folder of `NAME.html` + `NAME.expected.json` pages.
    public let corpusFolder: URL
    public let rules: KeywordRules
    /// How often each page is timed; the median is reported.
    public let repetitions: Int
    /// Size of the generated large page in bytes.
    public let largePageBytes: Int

    /// A benchmark over `corpusFolder` using `rules`.
    public init(corpusFolder: URL, rules: KeywordRules, repetitions: Int = 7, largePageBytes: Int = 2_000_000) {
        self.corpusFolder = corpusFolder
        self.rules = rules
        self.repetitions = max(1, repetitions)
        self.largePageBytes = largePageBytes
    }

    /// Runs everything and returns the printable report.
    public func run() throws(ImportError) -> ImportBenchmarkReport {
        let corpus = try FixtureCorpus(folder: corpusFolder)
        let extractor = ProductExtractor(rules: rules)
        var tallies: [String: (correct: Int, total: Int)] = [:]
        var mismatches: [FixtureCorpus.Comparison] = []
        var pageTimes: [Duration] = []
        for page in corpus.pages {
            for comparison in FixtureCorpus.compare(page, using: extractor) {
                tallies[comparison.field, default: (0, 0)].total += 1
                if comparison.matches { tallies[comparison.field]!.correct += 1 } else { mismatches.append(comparison) }
            }
            pageTimes.append(median(time(repetitions) { _ = try? extractor.extract(html: page.html, pageURL: page.pageURL) }))
        }
        let large = BenchmarkPage.html(bytes: largePageBytes)
        let url = URL(string: "https://www.atelier-nord.example/products/pleated-wide-leg-trouser")!
        let largeTimes = time(repetitions) { _ = try? extractor.extract(html: large, pageURL: url) }
        let parseTimes = time(repetitions) { _ = try? HTMLDocument.parse(large) }
        return ImportBenchmarkReport(
            pageCount: corpus.pages.count,
            fieldAccuracy: tallies.keys.sorted().map { (field: $0, correct: tallies[$0]!.correct, total: tallies[$0]!.total) },
            mismatches: mismatches,
            medianPageTime: median(pageTimes),
            largePageBytes: large.utf8.count,
            largePageTime: median(largeTimes),
            largePageParseTime: median(parseTimes))
    }

    private func time(_ count: Int, _ work: () -> Void) -> [Duration] {
        let clock = ContinuousClock()
        return (0..<count).map { _ in clock.measure(work) }
    }

    private func median(_ times: [Duration]) -> Duration {
        guard !times.isEmpty else { return .zero }
        return times.sorted()[times.count / 2]
    }
}

/// The benchmark's findings, printable as a short plain-text report.
public struct ImportBenchmarkReport: Sendable, CustomStringConvertible {
    public let pageCount: Int
    /// Per expected field: how many pages got it right out of how many expected it.
    public let fieldAccuracy: [(field: String, correct: Int, total: Int)]
    /// The expected fields that came out wrong, for the report's detail lines.
    public let mismatches: [FixtureCorpus.Comparison]
    /// Median over corpus pages of each page's median parse-and-extract time.
    public let medianPageTime: Duration
    public let largePageBytes: Int
    /// Median parse-and-extract time of the generated large page.
    public let largePageTime: Duration
    /// Median time of the HTML parse alone for the large page.
    public let largePageParseTime: Duration

    /// Correct over expected, across all fields.
    public var overallAccuracy: Double {
        let total = fieldAccuracy.reduce(0) { $0 + $1.total }
        return total == 0 ? 1 : Double(fieldAccuracy.reduce(0) { $0 + $1.correct }) / Double(total)
    }

    /// The report as lines of text.
    public var description: String {
        var lines = ["Product import benchmark: \(pageCount) corpus pages"]
        lines.append(String(format: "Overall field accuracy: %.1f%%", overallAccuracy * 100))
        for entry in fieldAccuracy {
            lines.append(String(format: "  %-13@ %3d/%-3d %5.1f%%", entry.field as NSString, entry.correct, entry.total,
                                Double(entry.correct) / Double(max(1, entry.total)) * 100))
        }
        lines.append("Median parse+extract per corpus page: \(Self.milliseconds(medianPageTime))")
        lines.append("Generated page (\(largePageBytes / 1024) KiB): parse+extract \(Self.milliseconds(largePageTime)), parse alone \(Self.milliseconds(largePageParseTime))")
        for miss in mismatches.prefix(20) {
            lines.append("  miss \(miss.page).\(miss.field): expected \(miss.expected.serialized()) got \(miss.actual.serialized())")
        }
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}
