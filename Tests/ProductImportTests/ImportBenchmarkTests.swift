import Foundation
import Testing
import ProductImport

@Suite struct ImportBenchmarkTests {
    @Test func benchmarkReportsAccuracyAndTimings() throws {
        let report = try ImportBenchmark(corpusFolder: TestSupport.pagesFolder, rules: TestSupport.rules, repetitions: 3).run()
        print(report)
        #expect(report.largePageBytes >= 2_000_000)
        #expect(report.description.contains("Overall field accuracy"))
    }
}
