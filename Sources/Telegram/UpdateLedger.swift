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

    /// Marks updates handled; returns the watermark to persist with them.
    func finished(_ ids: [Int64]) -> Int64? { machine.finished(ids) }

    func released(_ ids: [Int64]) { machine.released(ids) }

    func addAlbumPart(_ part: AlbumPart, now: Date) { albums.add(part, now: now) }

    func takeDueAlbums(now: Date) -> [Album] { albums.takeDue(now: now) }

    var nextAlbumDeadline: Date? { albums.nextDeadline }
}
