import Foundation
import Storage

/// The poller's shared state: the poll state machine (offset watermark, in-flight ids) and the
/// albums being collected. Completions arrive from many chats at once, so it is an actor.
actor UpdateLedger {
    private var machine: PollStateMachine
    private var albums: AlbumCollector

    init(machine: PollStateMachine, albumWindow: TimeInterval) {
        self.machine = machine
        albums = AlbumCollector(window: albumWindow)
    }

    func nextAction() -> PollStateMachine.Action { machine.nextAction() }

    func received(_ ids: [Int64]) -> [Int64] { machine.received(ids) }

    func failed(_ error: TelegramError) -> PollStateMachine.FailureReport { machine.failed(error) }

    var failures: Int { machine.failures }
    var conflicts: Int { machine.conflicts }

    /// Whether enough finished for the next fetch to be worth it (see `PollStateMachine`).
    var isReadyToFetch: Bool { machine.isReadyToFetch }

    /// Marks updates recorded as handled (found in the processed ids after a restart).
    @discardableResult
    func finished(_ ids: [Int64]) -> Int64? {
        suspects.finished(ids)
        return machine.finished(ids)
    }

    /// Records handled updates through `record`, which gets the watermark to persist with them, and only
    /// once it returned lets the watermark pass them. The other way round, a fetch could confirm them to
    /// Telegram (its offset passes them) while their record was still waiting for its commit, and a
    /// `kill -9` then would lose them: not refetched, not recorded, never answered. A failed record is
    /// the caller's to report; the updates are finished either way, as they were before.
    func complete<T: Sendable>(_ ids: [Int64], record: @Sendable (Int64?) async throws -> T) async throws -> T {
        defer { finished(ids) }
        return try await record(machine.watermark(finishing: ids))
    }

    func released(_ ids: [Int64]) { machine.released(ids) }

    func addAlbumPart(_ part: AlbumPart, now: Date) { albums.add(part, now: now) }

    // MARK: Suspects of a crash (see docs/telegram.md#poison-messages)

    private var suspects = CrashSuspects(mark: nil, process: "", handledBelow: nil)

    /// The dead process's fetch mark, while its updates may still come back.
    var suspectThrough: Int64? { suspects.through }

    /// Starts with the mark found at start-up (settled at once when the saved offset passed it).
    func startSuspects(mark: FetchMark?, process: String) {
        suspects = CrashSuspects(mark: mark, process: process, handledBelow: machine.offset)
    }

    /// These updates were taken to run alone.
    func tookAlone(_ ids: [Int64]) { suspects.tookAlone(ids) }

    /// Whether an album has a part taken to run alone.
    func hasSuspect(_ ids: [Int64]) -> Bool { suspects.hasSuspect(ids) }

    /// After a fetch: the dead process's updates are settled once everything up to its mark is
    /// handled, or a fetch with nothing in flight brought nothing (none can come back).
    func settleSuspects(emptyFetch: Bool) {
        guard let high = suspects.through else { return }
        if (machine.offset ?? Int64.min) > high || (emptyFetch && machine.inFlightCount == 0) { suspects.settle() }
    }

    func takeDueAlbums(now: Date) -> [Album] { albums.takeDue(now: now) }

    var nextAlbumDeadline: Date? { albums.nextDeadline }
}
