import Foundation

/// Results of `ImageBenchmark.run`, printable as a short report.
public struct ImageBenchmarkReport: Sendable, CustomStringConvertible {
    /// Size and format of the generated input, e.g. "6000×4000 JPEG Q90, 9.1 MB".
    public let input: String
    /// Timings and peak memory of the libvips pipeline.
    public let pipeline: PipelineMeasurement
    /// The same pipeline on the photo saved without chroma subsampling, when that was measured too.
    public let fullChroma: (input: String, pipeline: PipelineMeasurement)?
    /// The ImageMagick command line timed, or `nil` when ImageMagick is not installed.
    public let magickCommand: String?
    /// Wall time of each ImageMagick run, each a fresh process.
    public let magickTimes: [Duration]
    /// Peak resident memory of the ImageMagick processes, in bytes.
    public let magickPeakResident: Int
    /// Why the ImageMagick comparison did not run (not installed, not ImageMagick, or it failed); nil when it ran.
    public var magickSkipped: String? = nil

    /// Median pipeline run.
    public var pipelineMedian: Duration { Self.median(pipeline.times) }

    /// Median ImageMagick run, `nil` without ImageMagick.
    public var magickMedian: Duration? { magickTimes.isEmpty ? nil : Self.median(magickTimes) }

    /// How many times faster the pipeline is than ImageMagick, `nil` without ImageMagick.
    public var speedup: Double? {
        guard let magickMedian else { return nil }
        return Self.milliseconds(magickMedian) / max(Self.milliseconds(pipelineMedian), 0.001)
    }

    /// The report as lines of text.
    public var description: String {
        var lines = [
            "Image pipeline benchmark",
            "  input:     \(input)",
            "  libvips:   decode → 2048 JPEG → 1024 JPEG, \(pipeline.times.count) runs "
                + (pipeline.inFreshProcess ? "in a fresh worker process" : "in this process"),
            "             median \(Self.format(pipelineMedian)) (min \(Self.format(pipeline.times.min() ?? .zero)), max \(Self.format(pipeline.times.max() ?? .zero)))",
            "             CPU time per run median \(Self.format(Self.median(pipeline.cpuTimes))) (user + system, all threads)",
            "             peak RSS \(Self.megabytes(pipeline.peakResident)), of which the process baseline "
                + "\(Self.megabytes(pipeline.baselineResident)) (runtime, libraries, input bytes)"
                + (pipeline.peakIsPipelineOnly ? "" : " — peak could not be reset, so it covers earlier work too"),
        ]
        if let fullChroma {
            lines += [
                "  4:4:4:     \(fullChroma.input): median \(Self.format(Self.median(fullChroma.pipeline.times))), "
                    + "CPU \(Self.format(Self.median(fullChroma.pipeline.cpuTimes))), peak RSS \(Self.megabytes(fullChroma.pipeline.peakResident))",
            ]
        }
        if let magickCommand, let magickMedian, let speedup {
            lines += [
                "  magick:    \(magickCommand), \(magickTimes.count) runs",
                "             median \(Self.format(magickMedian)), peak RSS \(Self.megabytes(magickPeakResident))",
                "  speed-up:  \(String(format: "%.1f", speedup))× faster than ImageMagick",
            ]
        } else {
            lines.append("  magick:    \(magickSkipped ?? "no runs, comparison skipped")")
        }
        return lines.joined(separator: "\n")
    }

    /// The middle value (mean of the two middle ones for an even count); zero for none.
    static func median(_ times: [Duration]) -> Duration {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// A duration in fractional milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func format(_ duration: Duration) -> String {
        String(format: "%.0f ms", milliseconds(duration))
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
