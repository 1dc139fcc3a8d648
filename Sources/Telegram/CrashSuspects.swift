import Storage

/// What a worker knows of the updates a dead process may have left running (see
/// docs/telegram.md#poison-messages): the dead process's fetch mark until none of its updates can
/// come back, and the updates this worker took to run alone and has not finished.
struct CrashSuspects: Sendable {
    /// The dead process's fetch mark; nil when there is none or it is settled. Until then this
    /// worker writes no mark of its own, so each update it takes runs alone.
    private(set) var through: Int64?
    /// Updates (by update id) taken to run alone and not handled yet.
    private var alone: Set<Int64> = []

    /// Suspects from `mark` unless this process wrote it (a restart within the process is no crash)
    /// or everything up to it is known to be handled (`handledBelow`: the saved watermark).
    init(mark: FetchMark?, process: String, handledBelow: Int64?) {
        guard let mark, mark.process != process, (handledBelow ?? Int64.min) <= mark.high else { return }
        through = mark.high
    }

    /// These updates were taken to run alone.
    mutating func tookAlone(_ ids: some Sequence<Int64>) { alone.formUnion(ids) }

    /// These updates were handled (or given back).
    mutating func finished(_ ids: some Sequence<Int64>) { alone.subtract(ids) }

    /// Whether one of `ids` (an album's parts) was taken to run alone.
    func hasSuspect(_ ids: [Int64]) -> Bool { ids.contains { alone.contains($0) } }

    /// The dead process's updates are settled: all handled, or none can come back.
    mutating func settle() { through = nil }
}
