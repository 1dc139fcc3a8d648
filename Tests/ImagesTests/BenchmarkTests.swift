import Foundation
import Images
import Testing

@Suite("Benchmark")
struct BenchmarkTests {
    @Test("A tiny benchmark run produces a readable report")
    func tinyBenchmarkReports() throws {
        let report = try ImageBenchmark.run(.init(width: 900, height: 600, runs: 3, magickRuns: 0))
        #expect(report.pipeline.times.count == 3)
        #expect(report.pipeline.peakResident >= report.pipeline.baselineResident && report.pipeline.baselineResident > 0)
        #expect(report.pipeline.cpuTimes.count == 3)
        #expect(report.description.contains("median"))
        #expect(report.description.contains("900×600 JPEG Q90 4:2:0"))
        // The 4:4:4 twin is measured too and reported on its own line.
        #expect(report.fullChroma?.pipeline.times.count == 3)
        #expect(report.description.contains("4:4:4:     the same photo saved 4:4:4"))
    }

    @Test("Without ImageMagick the benchmark still prints its own figures and says the comparison was skipped")
    func withoutImageMagickTheComparisonIsSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-path-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = ImageBenchmark.Configuration(width: 300, height: 200, compareFullChroma: false, runs: 2, magickRuns: 2)
        configuration.magickSearchPath = [folder]
        let missing = try ImageBenchmark.run(configuration)
        #expect(missing.pipeline.times.count == 2)
        #expect(missing.magickTimes.isEmpty && missing.speedup == nil)
        #expect(missing.description.contains("median"))
        #expect(missing.description.contains("ImageMagick not installed, comparison skipped"))

        // A `convert` that is not ImageMagick is not timed.
        try Self.script(at: "\(folder)/convert", "echo 'convert: something else'; exit 1")
        let impostor = try ImageBenchmark.run(configuration)
        #expect(impostor.pipeline.times.count == 2 && impostor.magickTimes.isEmpty)
        #expect(impostor.description.contains("\(folder)/convert is not ImageMagick, comparison skipped"))

        // ImageMagick that fails on the photo: our figures stay, the comparison is skipped with the reason.
        try Self.script(at: "\(folder)/convert", #"[ "$1" = -version ] && { echo 'Version: ImageMagick 7.1.1-0 Q16'; exit 0; }; exit 3"#)
        let failing = try ImageBenchmark.run(configuration)
        #expect(failing.pipeline.times.count == 2 && failing.magickTimes.isEmpty)
        #expect(failing.description.contains("failed") && failing.description.contains("comparison skipped"))
    }

    static func script(at path: String, _ body: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test("The benchmark photo is saved like a camera's: 4:2:0 chroma at quality 90")
    func cameraChromaSubsamples() throws {
        let camera = try SyntheticPhoto.generate(width: 320, height: 240, quality: 90, cameraChroma: true)
        let plain = try SyntheticPhoto.generate(width: 320, height: 240, quality: 90)
        #expect(Self.lumaSampling(camera) == [2, 2])
        #expect(Self.lumaSampling(plain) == [1, 1])
    }

    /// The horizontal and vertical sampling factors of the first component in a baseline JPEG's SOF0.
    static func lumaSampling(_ jpeg: [UInt8]) -> [Int]? {
        guard let start = (0..<(jpeg.count - 12)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else { return nil }
        let factors = jpeg[start + 11]
        return [Int(factors >> 4), Int(factors & 0x0F)]
    }

    @Test("A worker's measurement line survives the trip to the parent")
    func measurementRoundTrip() throws {
        let measurement = PipelineMeasurement(
            times: [.milliseconds(120), .milliseconds(95)], cpuTimes: [.milliseconds(180), .milliseconds(150)], peakResident: 70_000_000, baselineResident: 40_000_000,
            peakIsPipelineOnly: true, inFreshProcess: true)
        #expect(PipelineMeasurement(serialized: "noise\n" + measurement.serialized) == nil)
        #expect(PipelineMeasurement(serialized: measurement.serialized) == measurement)
    }
}
