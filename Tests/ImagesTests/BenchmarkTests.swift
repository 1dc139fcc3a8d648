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
        #expect(report.description.contains("900×600 JPEG Q90"))
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
