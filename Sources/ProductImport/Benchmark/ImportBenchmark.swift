import Foundation
import HTML
#if canImport(Glibc)
import Glibc
#endif

/// Measures the importer: field accuracy over a fixture corpus, median parse-and-extract time
/// per corpus page, and the time for a generated 2 MB page. `wardrobe bench import` prints it.
/// Build in release to get meaningful times.
public struct ImportBenchmark: Sendable {
    /// The folder of `NAME.html` + `NAME.expected.json` pages.
    public let corpusFolder: URL
    /// The keyword rules the extractor uses.
    public let rules: KeywordRules
    /// The site rules the extractor uses.
    public let sites: SiteRules
    /// How often each page is timed; the median is reported.
    public let repetitions: Int
    /// Size of the generated large page in bytes.
    public let largePageBytes: Int

    /// A benchmark over `corpusFolder` using `rules`.
    public init(corpusFolder: URL, rules: KeywordRules, sites: SiteRules = .none, repetitions: Int = 7, largePageBytes: Int = 2_000_000) {
        self.corpusFolder = corpusFolder
        self.rules = rules
        self.sites = sites
        self.repetitions = max(1, repetitions)
        self.largePageBytes = largePageBytes
    }

    /// Runs everything and returns the printable report.
    public func run() throws(ImportError) -> ImportBenchmarkReport {
        let corpus = try FixtureCorpus(folder: corpusFolder)
        let extractor = ProductExtractor(rules: rules, sites: sites)
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
        let bare = BenchmarkPage.html(bytes: largePageBytes, structuredData: false)
        let bareTimes = time(repetitions) { _ = try? extractor.extract(html: bare, pageURL: url) }
        return ImportBenchmarkReport(
            pageCount: corpus.pages.count,
            fieldAccuracy: tallies.keys.sorted().map { (field: $0, correct: tallies[$0]!.correct, total: tallies[$0]!.total) },
            mismatches: mismatches,
            medianPageTime: median(pageTimes),
            largePageBytes: large.utf8.count,
            largePageTime: median(largeTimes),
            largePageParseTime: median(parseTimes),
            largePageWithoutJSONLDTime: median(bareTimes))
    }

    /// CPU time of this thread for each run: on a shared machine wall time mostly measures
    /// the neighbours, while CPU time measures the work.
    private func time(_ count: Int, _ work: () -> Void) -> [Duration] {
        (0..<count).map { _ in
            let start = Self.threadCPUTime()
            work()
            return Self.threadCPUTime() - start
        }
    }

    private static func threadCPUTime() -> Duration {
        #if canImport(Glibc)
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
        #else
        return ContinuousClock.now - ContinuousClock.now
        #endif
    }

    private func median(_ times: [Duration]) -> Duration {
        guard !times.isEmpty else { return .zero }
        return times.sorted()[times.count / 2]
    }
}

/// The benchmark's findings, printable as a short plain-text report.
public struct ImportBenchmarkReport: Sendable, CustomStringConvertible {
    /// How many corpus pages were read.
    public let pageCount: Int
    /// Per expected field: how many pages got it right out of how many expected it.
    public let fieldAccuracy: [(field: String, correct: Int, total: Int)]
    /// The expected fields that came out wrong, for the report's detail lines.
    public let mismatches: [FixtureCorpus.Comparison]
    /// Median over corpus pages of each page's median parse-and-extract time.
    public let medianPageTime: Duration
    /// Size of the generated page in bytes.
    public let largePageBytes: Int
    /// Median parse-and-extract time of the generated large page.
    public let largePageTime: Duration
    /// Median time of the full HTML parse (scan + gumbo tree) of the large page.
    public let largePageParseTime: Duration
    /// Median parse-and-extract time of the large page without JSON-LD, where the tree is needed.
    public let largePageWithoutJSONLDTime: Duration

    /// Correct over expected, across all fields.
    public var overallAccuracy: Double {
        let total = fieldAccuracy.reduce(0) { $0 + $1.total }
        return total == 0 ? 1 : Double(fieldAccuracy.reduce(0) { $0 + $1.correct }) / Double(total)
    }

    /// The report as lines of text.
    public var description: String {
        var lines = ["Product import benchmark: \(pageCount) corpus pages (times are median thread CPU time)"]
        lines.append(String(format: "Overall field accuracy: %.1f%%", overallAccuracy * 100))
        for entry in fieldAccuracy {
            lines.append(String(format: "  %-13@ %3d/%-3d %5.1f%%", entry.field as NSString, entry.correct, entry.total,
                                Double(entry.correct) / Double(max(1, entry.total)) * 100))
        }
        lines.append("Median parse+extract per corpus page: \(Self.milliseconds(medianPageTime))")
        lines.append("Generated \(largePageBytes / 1024) KiB page with JSON-LD: parse+extract \(Self.milliseconds(largePageTime))")
        lines.append("Same page without JSON-LD (reads the Next.js data): parse+extract \(Self.milliseconds(largePageWithoutJSONLDTime))")
        lines.append("Full HTML tree of that page (scan + gumbo + copy), needed for microdata-only pages: \(Self.milliseconds(largePageParseTime))")
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
