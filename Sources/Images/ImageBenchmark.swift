import Foundation
import Support

/// Times the intake-and-upload path on a generated 24 MP photo and compares it with ImageMagick.
///
/// Blocks for several seconds; call it from a command (`wardrobe bench images`), not from a request handler.
public enum ImageBenchmark {
    /// What to generate and how often to run.
    public struct Configuration: Sendable {
        /// Width of the generated photo.
        public var width: Int
        /// Height of the generated photo.
        public var height: Int
        /// JPEG quality of the generated photo.
        public var quality: Int
        /// Save the photo with 4:2:0 chroma subsampling, as phone cameras do (libvips alone would save Q90 without).
        public var cameraChroma: Bool
        /// Also time the same photo saved without chroma subsampling (4:4:4), which decodes slower.
        public var compareFullChroma: Bool
        /// Pipeline runs; the median is reported.
        public var runs: Int
        /// ImageMagick runs (each a fresh process, about a second each).
        public var magickRuns: Int
        /// Folder for the generated photo and ImageMagick's output; the files are removed afterwards.
        public var directory: String
        /// A command that runs `workerOutput(arguments:)` in a fresh process, e.g. `[executable, "bench", "images",
        /// "--worker"]`; the input path and run count are appended. `nil` measures in this process.
        ///
        /// A fresh process gives the honest peak: nothing but the runtime, libvips and the pipeline ever ran in it.
        public var worker: [String]?
        /// Folders searched for `magick`/`convert`, in order; defaults to `PATH`.
        public var magickSearchPath: [String] = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin")
            .split(separator: ":").map(String.init)

        /// Creates a configuration; the defaults are a 6000×4000 camera-like photo at quality 90 (and its 4:4:4
        /// twin), 9 runs, 3 ImageMagick runs.
        public init(
            width: Int = 6000, height: Int = 4000, quality: Int = 90, cameraChroma: Bool = true, compareFullChroma: Bool = true,
            runs: Int = 9, magickRuns: Int = 3, directory: String = NSTemporaryDirectory(), worker: [String]? = nil
        ) {
            self.width = width
            self.height = height
            self.quality = quality
            self.cameraChroma = cameraChroma
            self.compareFullChroma = compareFullChroma
            self.runs = runs
            self.magickRuns = magickRuns
            self.directory = directory
            self.worker = worker
        }
    }

    /// Generates the photo, times ImageMagick, then the libvips pipeline, and returns the report.
    ///
    /// Order matters for honest memory figures. ImageMagick runs first, so the children's peak is ImageMagick's
    /// alone. The generated photo is written to disk and freed. The pipeline then runs in a fresh worker process
    /// (`Configuration.worker`), or here with the peak restarted just before the runs; either way the peak
    /// covers the pipeline plus the measuring process's baseline, which the report shows next to it.
    public static func run(_ configuration: Configuration = Configuration()) throws -> ImageBenchmarkReport {
        let stamp = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let inputPath = (configuration.directory as NSString).appendingPathComponent("wardrobe-bench-\(stamp).jpg")
        let outputPath = (configuration.directory as NSString).appendingPathComponent("wardrobe-bench-\(stamp)-magick.jpg")
        defer {
            try? FileManager.default.removeItem(atPath: inputPath)
            try? FileManager.default.removeItem(atPath: outputPath)
        }
        let inputSize = try generateInput(configuration, cameraChroma: configuration.cameraChroma, at: inputPath)
        let input = "\(configuration.width)×\(configuration.height) JPEG Q\(configuration.quality) "
            + (configuration.cameraChroma ? "4:2:0 (as cameras save)" : "4:4:4") + String(format: ", %.1f MB", Double(inputSize) / 1_048_576)

        var magickCommand: String?
        var magickTimes: [Duration] = []
        var magickSkipped: String?
        switch findMagick(in: configuration.magickSearchPath) {
        case .success(let magick):
            let arguments = [inputPath, "-resize", "2048x2048", outputPath]
            magickCommand = "\((magick as NSString).lastPathComponent) INPUT -resize 2048x2048 OUT.jpg"
            do {
                for _ in 0..<configuration.magickRuns {
                    magickTimes.append(try time { try runProcess(magick, arguments) })
                }
            } catch {
                // ImageMagick's own failure (a policy refusing the size, a broken install) is no reason to lose our figures.
                magickSkipped = "\(magick) failed (\(error)), comparison skipped"
                magickCommand = nil
                magickTimes = []
            }
        case .failure(let reason):
            magickSkipped = reason.detail
        }
        let magickPeak = ProcessMemory.peakResidentOfChildren()

        let pipeline = try measure(configuration, inputPath: inputPath)
        var fullChroma: (input: String, pipeline: PipelineMeasurement)?
        if configuration.cameraChroma && configuration.compareFullChroma {
            try? FileManager.default.removeItem(atPath: inputPath)
            let size = try generateInput(configuration, cameraChroma: false, at: inputPath)
            fullChroma = (String(format: "the same photo saved 4:4:4, %.1f MB", Double(size) / 1_048_576), try measure(configuration, inputPath: inputPath))
        }
        return ImageBenchmarkReport(
            input: input, pipeline: pipeline, fullChroma: fullChroma,
            magickCommand: magickCommand, magickTimes: magickTimes, magickPeakResident: magickPeak, magickSkipped: magickSkipped)
    }

    private static func measure(_ configuration: Configuration, inputPath: String) throws -> PipelineMeasurement {
        if let worker = configuration.worker {
            try measureInWorker(worker, inputPath: inputPath, runs: configuration.runs)
        } else {
            try measurePipeline(inputPath: inputPath, runs: configuration.runs)
        }
    }

    /// Runs intake then upload on the JPEG at `inputPath` `runs` times in this process, with the peak memory
    /// restarted after the file is read.
    public static func measurePipeline(inputPath: String, runs: Int) throws -> PipelineMeasurement {
        let photo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: inputPath)))
        let processor = ImageProcessor()
        // Start libvips (and load its modules) now, so the baseline includes it and the runs don't.
        try VipsRuntime.start()
        let peakIsPipelineOnly = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.currentResident()
        var times: [Duration] = []
        var cpuTimes: [Duration] = []
        for _ in 0..<max(1, runs) {
            let cpuStart = ProcessMemory.cpuTime()
            times.append(try time {
                let stored = try processor.intake(photo)
                _ = try processor.prepareForUpload(stored.bytes)
            })
            cpuTimes.append(ProcessMemory.cpuTime() - cpuStart)
        }
        return PipelineMeasurement(
            times: times, cpuTimes: cpuTimes, peakResident: ProcessMemory.peakResident(), baselineResident: baseline,
            peakIsPipelineOnly: peakIsPipelineOnly, inFreshProcess: false)
    }

    /// The worker side of `Configuration.worker`: `arguments` are the input path and run count; print the result.
    public static func workerOutput(arguments: [String]) throws -> String {
        guard arguments.count == 2, let runs = Int(arguments[1]) else {
            throw ImageError.invalidRequest("benchmark worker expects INPUT RUNS, got \(arguments)")
        }
        return try measurePipeline(inputPath: arguments[0], runs: runs).serialized
    }

    private static func measureInWorker(_ command: [String], inputPath: String, runs: Int) throws -> PipelineMeasurement {
        guard let executable = command.first else { throw ImageError.invalidRequest("empty benchmark worker command") }
        let output = try runProcess(executable, Array(command.dropFirst()) + [inputPath, String(runs)], captureOutput: true)
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("times-ns=") }),
              let measurement = PipelineMeasurement(serialized: String(line))
        else { throw ImageError.processingFailed(detail: "benchmark worker printed no measurement: \(output.prefix(200))") }
        return measurement
    }

    /// Writes the synthetic photo to `path` and returns its size; the bytes are freed before returning.
    private static func generateInput(_ configuration: Configuration, cameraChroma: Bool, at path: String) throws -> Int {
        let bytes = try SyntheticPhoto.generate(
            width: configuration.width, height: configuration.height, format: .jpeg, quality: configuration.quality,
            cameraChroma: cameraChroma)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return bytes.count
    }

    private static func time(_ work: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try work()
        return clock.now - start
    }

    /// Why there is no ImageMagick to compare with.
    struct MagickUnavailable: InternalError {
        let detail: String
    }

    /// `magick` (ImageMagick 7) or `convert` (6) from `folders`, only if `-version` says it is ImageMagick:
    /// a `convert` that is something else (GraphicsMagick, a stand-in script) would make the comparison meaningless.
    private static func findMagick(in folders: [String]) -> Result<String, MagickUnavailable> {
        var rejected: [String] = []
        for name in ["magick", "convert"] {
            for folder in folders {
                let path = "\(folder)/\(name)"
                guard FileManager.default.isExecutableFile(atPath: path) else { continue }
                if let version = try? runProcess(path, ["-version"], captureOutput: true), version.contains("Version: ImageMagick") {
                    return .success(path)
                }
                rejected.append(path)
            }
        }
        if rejected.isEmpty { return .failure(MagickUnavailable(detail: "ImageMagick not installed, comparison skipped")) }
        return .failure(MagickUnavailable(detail: "\(rejected.joined(separator: ", ")) is not ImageMagick, comparison skipped"))
    }

    @discardableResult
    private static func runProcess(_ executable: String, _ arguments: [String], captureOutput: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = captureOutput ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = captureOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImageError.processingFailed(detail: "\(executable) exited with status \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
