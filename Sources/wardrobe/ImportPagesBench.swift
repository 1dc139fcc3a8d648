import Foundation
import ProductImport

/// `wardrobe bench import --pages DIR`: our extractor and extruct on the same saved pages in one
/// run, per page and as medians with their ratio. extruct runs in the Python of `.build/venv`
/// (`make bench-import` installs it); without it only our figures are printed.
enum ImportPagesBench {
    /// Runs both sides and returns the report lines.
    static func run(folder: String, extractor: ProductExtractor, python: String, repetitions: Int) throws -> String {
        let folderURL = URL(fileURLWithPath: folder)
        let ours = try PageSetBenchmark(folder: folderURL, extractor: extractor, repetitions: repetitions).run()
        let theirs = extructTimes(folder: folder, python: python, repetitions: repetitions)
        var lines = ["Real pages in \(folder): \(ours.count) pages, median thread CPU time of \(repetitions) runs each"]
        lines.append(String(format: "  %-34@ %9@ %10@ %10@ %8@  %@", "page" as NSString, "KiB" as NSString, "ours ms" as NSString,
                            "extruct ms" as NSString, "mem ×" as NSString, "outcome" as NSString))
        for timing in ours {
            let mine = milliseconds(timing.median)
            let other = theirs?[timing.name].map { String(format: "%.2f", $0) } ?? "-"
            let memory = timing.peakExtraMemory > 0 ? String(format: "%.2f", Double(timing.peakExtraMemory) / Double(max(1, timing.bytes))) : "-"
            lines.append(String(format: "  %-34@ %9d %10.2f %10@ %8@  %@", timing.name as NSString, timing.bytes / 1024, mine,
                                other as NSString, memory as NSString, timing.outcome as NSString))
        }
        let ourMedian = median(ours.map { milliseconds($0.median) })
        lines.append(String(format: "Median ours: %.2f ms", ourMedian))
        if let theirs, !theirs.isEmpty {
            let extructMedian = median(ours.compactMap { theirs[$0.name] })
            lines.append(String(format: "Median extruct: %.2f ms (extruct.extract, default syntaxes, lxml)", extructMedian))
            lines.append(String(format: "Ratio ours/extruct: %.2f", ourMedian / max(extructMedian, 0.001)))
        } else {
            lines.append("extruct not run: \(python) with extruct is missing (make bench-import installs it)")
        }
        let worst = ours.filter { $0.peakExtraMemory > 0 }.map { Double($0.peakExtraMemory) / Double(max(1, $0.bytes)) }.max()
        if let worst { lines.append(String(format: "Peak extra resident memory: at most %.2f× the page size", worst)) }
        return lines.joined(separator: "\n")
    }

    /// extruct's median milliseconds per page name, or nil when the venv Python cannot run it.
    private static func extructTimes(folder: String, python: String, repetitions: Int) -> [String: Double]? {
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
        var times: [String: Double] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            times[String(parts[0])] = value
        }
        return times
    }

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
