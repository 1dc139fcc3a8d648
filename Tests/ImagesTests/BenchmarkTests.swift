import Images
import Testing

@Suite("Benchmark")
struct BenchmarkTests {
    @Test("A tiny benchmark run produces a readable report")
    func tinyBenchmarkReports() throws {
        let report = try ImageBenchmark.run(.init(width: 900, height: 600, runs: 3, magickRuns: 0))
        #expect(report.pipelineTimes.count == 3)
        #expect(report.pipelinePeakResident > 0)
        #expect(report.description.contains("median"))
        #expect(report.description.contains("900×600 JPEG Q90"))
    }
}
