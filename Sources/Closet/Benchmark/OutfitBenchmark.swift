import Foundation
import Support

/// Measures `OutfitEngine` top-5 latency on generated closets against the brute-force reference.
///
/// `wardrobe bench outfit` calls `run()`; build in release mode for meaningful numbers.
public struct OutfitBenchmark: Sendable {
    /// Closet sizes to measure.
    public var sizes: [Int] = [100, 1_000, 5_000]
    /// Engine queries per size; each uses a fresh seed, like "Show another".
    public var queries: Int = 200
    /// The reference is skipped for a size when its estimated time exceeds this many seconds.
    public var referenceBudget: Double = 60
    /// Seed of the generated closets and queries.
    public var seed: UInt64 = 20_250_301
    /// The occasions the queries cycle through.
    public var occasions: [Occasion] = OutfitBenchmark.defaultOccasions

    /// Occasions used when none are given: a mid-formality, a casual and a coat-required one.
    public static let defaultOccasions: [Occasion] = [
        Occasion(name: "business casual", formality: 2...4, targetFormality: 3),
        Occasion(name: "weekend", formality: 1...2, targetFormality: 1, warmth: .mild),
        Occasion(name: "winter walk", formality: 1...3, targetFormality: 2, warmth: .cold, outerwear: .required),
    ]

    /// Makes a benchmark with the default settings.
    public init() {}

    /// Runs every size and returns the report; `progress` receives each line as it is made.
    public func run(progress: (String) -> Void = { _ in }) -> String {
        var lines: [String] = []
        func say(_ line: String) {
            lines.append(line)
            progress(line)
        }
        let now = Date(timeIntervalSince1970: 1_740_000_000)
        let engine = OutfitEngine()
        let reference = ReferenceOutfitSearch()
        say("outfit engine, top-5, \(queries) queries per size, seed \(seed)")
        for size in sizes {
            let closet = ClosetGenerator(now: now).closet(size: size, seed: seed &+ UInt64(size))
            var times: [Double] = []
            var first: [[OutfitKey]] = []
            // The closet is already in memory: the peak above this baseline is the engine's own working set.
            let peakReset = ProcessMemory.resetPeak()
            let baseline = ProcessMemory.currentResident()
            for query in 0..<queries {
                let occasion = occasions[query % occasions.count]
                let start = ContinuousClock.now
                let result = engine.topOutfits(closet: closet, occasion: occasion, count: 5, now: now, seed: UInt64(query))
                times.append(Self.milliseconds(ContinuousClock.now - start))
                if query < occasions.count { first.append(result.outfits.map(\.key)) }
            }
            times.sort()
            let median = times[times.count / 2]
            let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))]
            let above = Double(max(0, ProcessMemory.peakResident() - baseline)) / 1_048_576
            var line = "\(size) items: median \(Self.format(median)) ms, p99 \(Self.format(p99)) ms, "
                + (peakReset ? String(format: "peak %.1f MB above the closet", above) : "peak not measured (no /proc/self/clear_refs)")
            let combinations = occasions.map { reference.combinationCount(closet: closet, occasion: $0) }
            let estimate: Double? = referenceEstimate(reference: reference, closet: closet, now: now)
            // Run the reference on as many occasions as fit in the time budget (estimated up front).
            let perCombination = estimate ?? .infinity
            var planned: [Int] = []
            var budget = referenceBudget
            for (index, combinationCount) in combinations.enumerated() where combinationCount * perCombination <= budget {
                planned.append(index)
                budget -= combinationCount * perCombination
            }
            if planned.isEmpty {
                let seconds = combinations.min()! * perCombination
                line += "; brute force skipped: \(Int(combinations.min()!)) outfits or more, estimated \(Int(seconds)) s > \(Int(referenceBudget)) s"
            } else {
                var referenceTimes: [Double] = []
                var agree = true
                for index in planned {
                    let start = ContinuousClock.now
                    let result = reference.topOutfits(
                        closet: closet, occasion: occasions[index], count: 5, now: now, seed: UInt64(index))
                    referenceTimes.append(Self.milliseconds(ContinuousClock.now - start))
                    agree = agree && result.outfits.map(\.key) == first[index]
                }
                referenceTimes.sort()
                let referenceMedian = referenceTimes[referenceTimes.count / 2]
                line += "; brute force median \(Self.format(referenceMedian)) ms over \(planned.count) \(planned.count == 1 ? "query" : "queries")"
                line += " (\(Self.format(referenceMedian / median))× the engine's median), same top-5: \(agree ? "yes" : "NO")"
            }
            say(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds per scored outfit for the reference, measured on a small closet.
    private func referenceEstimate(reference: ReferenceOutfitSearch, closet: [ClosetItem], now: Date) -> Double {
        let sample = ClosetGenerator(now: now).closet(size: 120, seed: seed)
        let occasion = occasions[0]
        let start = ContinuousClock.now
        _ = reference.topOutfits(closet: sample, occasion: occasion, count: 5, now: now, seed: 1)
        let seconds = Self.milliseconds(ContinuousClock.now - start) / 1000
        return seconds / max(1, reference.combinationCount(closet: sample, occasion: occasion))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: "%.3f", value)
    }
}
