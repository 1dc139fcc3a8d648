import Foundation
import ProductImport

/// `wardrobe bench import --pages DIR`: our extractor and extruct on the same saved pages in one
/// run, per page and as medians with their ratio. extruct runs in the Python of `.build/venv`
/// (`make bench-import` installs it); without it only our figures are printed.
enum ImportPagesBench {
    /// extruct's two timings of one page, in milliseconds.
    private struct ExtructTiming {
        /// json-ld, microdata and opengraph: what our extractor reads too.
        let comparable: Double
        /// extruct's default syntaxes (adds RDFa, microformats, Dublin Core).
        let all: Double
    }

    /// Runs both sides and returns the report lines.
    static func run(folder: String, extractor: ProductExtractor, python: String, repetitions: Int) throws -> String {
        let ours = try PageSetBenchmark(folder: URL(fileURLWithPath: folder), extractor: extractor, repetitions: repetitions).run()
        let theirs = extructTimes(folder: folder, python: python, repetitions: repetitions)
        var lines = ["Real pages in \(folder): \(ours.count) pages, median thread CPU time of \(repetitions) runs each"]
        lines.append(row(["page", "KiB", "ours ms", "extruct ms", "extruct all", "mem ×", "outcome (decode / scan / scan+tree ms)"]))
        for timing in ours {
            let other = theirs?[timing.name]
            let memory = timing.peakExtraMemory > 0 ? format(Double(timing.peakExtraMemory) / Double(max(1, timing.bytes))) : "-"
            lines.append(row([timing.name, String(timing.bytes / 1024), format(milliseconds(timing.median)),
                              other.map { format($0.comparable) } ?? "-", other.map { format($0.all) } ?? "-", memory,
                              "\(timing.outcome) (\(format(milliseconds(timing.decode))) / \(format(milliseconds(timing.scan))) / \(format(milliseconds(timing.tree))))"]))
        }
        let ourMedian = median(ours.map { milliseconds($0.median) })
        lines.append("Median ours: \(format(ourMedian)) ms")
        if let theirs, !theirs.isEmpty {
            let comparable = median(ours.compactMap { theirs[$0.name]?.comparable })
            let all = median(ours.compactMap { theirs[$0.name]?.all })
            lines.append("Median extruct (json-ld, microdata, opengraph): \(format(comparable)) ms; with its default syntaxes: \(format(all)) ms")
            lines.append("Ratio ours/extruct: \(format(ourMedian / max(comparable, 0.001))) (same syntaxes), \(format(ourMedian / max(all, 0.001))) (default syntaxes)")
            // The bound is per real page of 0.5–3 MB; small saved excerpts weigh the overall median.
            let large = ours.filter { (500 * 1024...3 * 1024 * 1024 + 512 * 1024).contains($0.bytes) }
            let pairs = large.compactMap { timing in theirs[timing.name].map { (ours: milliseconds(timing.median), extruct: $0.comparable) } }
            if !pairs.isEmpty {
                let slower = pairs.filter { $0.ours > $0.extruct }.count
                lines.append("Pages of 0.5–3 MB (\(pairs.count)): median ours \(format(median(pairs.map(\.ours)))) ms, extruct \(format(median(pairs.map(\.extruct)))) ms, "
                    + "ratio \(format(median(pairs.map(\.ours)) / max(median(pairs.map(\.extruct)), 0.001))); ours slower on \(slower) of them")
            }
        } else {
            lines.append("extruct not run: \(python) with extruct is missing (make bench-import installs it)")
        }
        let ratios = ours.filter { $0.peakExtraMemory > 0 }.map { Double($0.peakExtraMemory) / Double(max(1, $0.bytes)) }
        if let worst = ratios.max() {
            lines.append("Peak extra resident memory during one extraction: median \(format(median(ratios)))×, at most \(format(worst))× the page size")
        }
        // The 3× bound is read on whole pages of 0.5 MB or more; the 10–40 KB excerpts are in the rows above.
        let largeRatios = ours.filter { $0.peakExtraMemory > 0 && $0.bytes >= 500 * 1024 }.map { Double($0.peakExtraMemory) / Double($0.bytes) }
        if let worst = largeRatios.max() {
            lines.append("  on the \(largeRatios.count) pages of 0.5 MB or more: median \(format(median(largeRatios)))×, at most \(format(worst))×")
        }
        lines.append(contentsOf: accuracy(folder: folder, extractor: extractor))
        return lines.joined(separator: "\n")
    }

    /// Per-field accuracy over the pages that have a hand-written `NAME.expected.json`, with every miss.
    private static func accuracy(folder: String, extractor: ProductExtractor) -> [String] {
        guard let corpus = try? FixtureCorpus(folder: URL(fileURLWithPath: folder)), !corpus.pages.isEmpty else { return [] }
        var tallies: [String: (correct: Int, total: Int)] = [:]
        var misses: [String] = []
        for page in corpus.pages {
            for comparison in FixtureCorpus.compare(page, using: extractor) {
                tallies[comparison.field, default: (0, 0)].total += 1
                if comparison.matches {
                    tallies[comparison.field]!.correct += 1
                } else {
                    misses.append("  miss \(page.name).\(comparison.field): expected \(comparison.expected.serialized()) got \(comparison.actual.serialized())")
                }
            }
        }
        let fields = tallies.keys.sorted().map { "\($0) \(tallies[$0]!.correct)/\(tallies[$0]!.total)" }
        let correct = tallies.values.reduce(0) { $0 + $1.correct }, total = tallies.values.reduce(0) { $0 + $1.total }
        return ["Field accuracy on the \(corpus.pages.count) pages with expectations: \(correct)/\(total); " + fields.joined(separator: ", ")] + misses
    }

    /// extruct's timings per page name, or nil when the venv Python cannot run it.
    private static func extructTimes(folder: String, python: String, repetitions: Int) -> [String: ExtructTiming]? {
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["Tests/bench/extruct_time.py", folder, String(repetitions)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var times: [String: ExtructTiming] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 3, let comparable = Double(parts[1]), let all = Double(parts[2]) else { continue }
            times[String(parts[0])] = ExtructTiming(comparable: comparable, all: all)
        }
        return times
    }

    /// One table row: the first column left-aligned, the others right-aligned.
    private static func row(_ cells: [String]) -> String {
        let widths = [34, 6, 9, 11, 12, 7]
        var line = "  "
        for (index, cell) in cells.enumerated() {
            if index == 0 {
                line += cell.padding(toLength: max(widths[0], cell.count), withPad: " ", startingAt: 0)
            } else if index < widths.count {
                line += " " + String(repeating: " ", count: max(0, widths[index] - cell.count)) + cell
            } else {
                line += "  " + cell
            }
        }
        return line
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
