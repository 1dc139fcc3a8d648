import Foundation
import ProductImport

/// `wardrobe bench import --pages DIR`: our extractor and extruct on the same saved pages in one
/// run, per page and as medians with their ratio. extruct runs in the Python of `.build/venv`
/// (`make bench-import` installs it); without it only our figures are printed. The two take turns
/// page by page (ours, then extruct on the same page), so a slow spell of a shared machine weighs
/// on both sides of a page's ratio instead of on one.
enum ImportPagesBench {
    /// extruct's two timings of one page, in milliseconds.
    private struct ExtructTiming {
        /// json-ld, microdata and opengraph: structured data our extractor reads too. We read RDFa as well, but the
        /// ratio leaves extruct's RDFa parser (pyRdfa, most of its default time) out: the stricter comparison.
        let comparable: Double
        /// extruct's default syntaxes (adds RDFa, microformats, Dublin Core).
        let all: Double
    }

    /// Runs both sides and returns the report lines.
    static func run(folder: String, extractor: ProductExtractor, python: String, repetitions: Int) throws -> String {
        let bench = try PageSetBenchmark(folder: URL(fileURLWithPath: folder), extractor: extractor, repetitions: repetitions)
        let extruct = ExtructServer(folder: folder, python: python, repetitions: repetitions)
        var ours: [PageSetBenchmark.Timing] = []
        var found: [String: ExtructTiming] = [:]
        for page in bench.pages {
            ours.append(bench.time(page))
            if let timing = extruct?.time(page.name) { found[page.name] = timing }
        }
        extruct?.close()
        let theirs = extruct == nil ? nil : found
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
            lines.append("Ratio ours/extruct: \(format(ourMedian / max(comparable, 0.001))) (json-ld, microdata, opengraph), \(format(ourMedian / max(all, 0.001))) (default syntaxes)")
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

    /// extruct in a Python process that times one page per request (`extruct_time.py --serve`).
    private final class ExtructServer {
        private let process = Process()
        private let input = Pipe(), output = Pipe()
        private var pending: [UInt8] = []

        /// Starts the process, or nil when the venv Python is missing or will not start.
        init?(folder: String, python: String, repetitions: Int) {
            guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["Tests/bench/extruct_time.py", folder, String(repetitions), "--serve"]
            process.standardInput = input
            process.standardOutput = output
            do {
                try process.run()
            } catch {
                return nil
            }
            // A missing or broken extruct ends the process before "ready"; a write to it would raise SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            guard readLine() == "ready" else {
                process.waitUntilExit()
                return nil
            }
        }

        /// extruct's timing of one page, or nil when it gave no answer line for it.
        func time(_ name: String) -> ExtructTiming? {
            do {
                try input.fileHandleForWriting.write(contentsOf: Data((name + "\n").utf8))
            } catch {
                return nil
            }
            guard let line = readLine() else { return nil }
            let parts = line.split(separator: "\t")
            guard parts.count == 3, parts[0] == name, let comparable = Double(parts[1]), let all = Double(parts[2]) else { return nil }
            return ExtructTiming(comparable: comparable, all: all)
        }

        /// Ends the process: its input closes, so it finishes its loop and exits.
        func close() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        private func readLine() -> String? {
            while true {
                if let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return nil }  // end of file: the process stopped
                pending.append(contentsOf: chunk)
            }
        }
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
