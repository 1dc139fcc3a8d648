/// Timings and memory of the intake-and-upload pipeline, from this process or a fresh worker process.
public struct PipelineMeasurement: Sendable, Equatable {
    /// Wall time of each run (decode → 2048 JPEG → 1024 JPEG).
    public let times: [Duration]
    /// CPU time (user + system, all threads) of each run; less disturbed than wall time on a busy machine.
    public let cpuTimes: [Duration]
    /// Peak resident memory of the measuring process while the runs went, in bytes.
    public let peakResident: Int
    /// Resident memory of the measuring process just before the runs, in bytes, input bytes included.
    public let baselineResident: Int
    /// Whether the peak was restarted before the runs; if not, it also covers what the process did earlier.
    public let peakIsPipelineOnly: Bool
    /// Whether a fresh worker process measured this (nothing else ever ran in it).
    public let inFreshProcess: Bool

    /// Creates a measurement.
    public init(
        times: [Duration], cpuTimes: [Duration], peakResident: Int, baselineResident: Int,
        peakIsPipelineOnly: Bool, inFreshProcess: Bool
    ) {
        self.times = times
        self.cpuTimes = cpuTimes
        self.peakResident = peakResident
        self.baselineResident = baselineResident
        self.peakIsPipelineOnly = peakIsPipelineOnly
        self.inFreshProcess = inFreshProcess
    }

    /// One line a worker process prints for its parent: `times-ns=… cpu-ns=… peak=… baseline=… reset=…`.
    public var serialized: String {
        "times-ns=\(Self.nanoseconds(times)) cpu-ns=\(Self.nanoseconds(cpuTimes)) peak=\(peakResident) "
            + "baseline=\(baselineResident) reset=\(peakIsPipelineOnly ? 1 : 0)"
    }

    private static func nanoseconds(_ durations: [Duration]) -> String {
        durations.map { String($0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000) }
            .joined(separator: ",")
    }

    /// Parses a worker's `serialized` line; `nil` when the line is not one.
    public init?(serialized line: String) {
        var fields: [Substring: Substring] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let cpuTimes = fields["cpu-ns"]?.split(separator: ",").compactMap { Int64($0) } ?? []
        guard let times = fields["times-ns"]?.split(separator: ",").compactMap({ Int64($0) }), !times.isEmpty,
              let peak = fields["peak"].flatMap({ Int($0) }), let baseline = fields["baseline"].flatMap({ Int($0) })
        else { return nil }
        self.init(
            times: times.map { .nanoseconds($0) }, cpuTimes: cpuTimes.map { .nanoseconds($0) }, peakResident: peak, baselineResident: baseline,
            peakIsPipelineOnly: fields["reset"] == "1", inFreshProcess: true)
    }
}
