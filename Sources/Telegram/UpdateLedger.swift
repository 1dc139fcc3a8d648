import Foundation

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
    func finished(_ ids: [Int64]) -> Int64? { machine.finished(ids) }

    /// Records handled updates through `record`, which gets the watermark to persist with them, and only
    /// once it returned lets the watermark pass them. The other way round, a fetch could confirm them to
    /// Telegram (its offset passes them) while their record was still waiting for its commit, and a
    /// `kill -9` then would lose them: not refetched, not recorded, never answered. A failed record is
    /// the caller's to report; the updates are finished either way, as they were before.
    func complete<T: Sendable>(_ ids: [Int64], record: @Sendable (Int64?) async throws -> T) async throws -> T {
        defer { machine.finished(ids) }
        return try await record(machine.watermark(finishing: ids))
    }

    func released(_ ids: [Int64]) { machine.released(ids) }

    func addAlbumPart(_ part: AlbumPart, now: Date) { albums.add(part, now: now) }

    func takeDueAlbums(now: Date) -> [Album] { albums.takeDue(now: now) }

    var nextAlbumDeadline: Date? { albums.nextDeadline }
}
