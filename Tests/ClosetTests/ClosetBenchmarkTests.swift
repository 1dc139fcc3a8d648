import Foundation
import Testing
import Closet

/// The benchmark runs end to end; timings are printed, never asserted.
@Suite struct ClosetBenchmarkTests {
    @Test func aSmallBenchmarkReportsEverySizeAndAgreesWithTheReference() {
        var benchmark = OutfitBenchmark()
        benchmark.sizes = [40]
        benchmark.queries = 3
        let report = benchmark.run()
        #expect(report.contains("40 items: median"))
        #expect(report.contains("same top-5: yes"))
    }

    /// `WARDROBE_BENCH=1 swift test -c release --filter ClosetBenchmark` prints the full report.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WARDROBE_BENCH"] != nil))
    func fullBenchmark() {
        print(OutfitBenchmark().run { print($0) })
    }
}
