import Foundation
import Storage

/// The webhook drain's state: which inbox rows were read, which updates are being handled, and the
/// albums being collected. Completions arrive from many chats at once, so it is an actor.
actor InboxLedger {
    private var inFlight: [Int64: Int64] = [:]
    private var albums: AlbumCollector
    /// Rows up to this id were read; the next read starts after it.
    private(set) var readThrough: Int64 = 0

    init(albumWindow: TimeInterval) {
        albums = AlbumCollector(window: albumWindow)
    }

    /// The rows among `rows` not being handled yet; marks them taken.
    func take(_ rows: [InboxRecord]) -> [(row: InboxRecord, updateID: Int64)] {
        var fresh: [(InboxRecord, Int64)] = []
        for row in rows {
            readThrough = max(readThrough, row.id)
            guard let updateID = Int64(row.updateID), inFlight[updateID] == nil else { continue }
            inFlight[updateID] = row.id
            fresh.append((row, updateID))
        }
        return fresh
    }

    /// These updates are recorded as handled.
    func finished(_ ids: [Int64]) {
        for id in ids { inFlight[id] = nil }
        suspects.finished(ids)
    }

    // MARK: Suspects of a crash (see docs/telegram.md#poison-messages); positions are inbox row ids.

    private var suspects = CrashSuspects(mark: nil, process: "", handledBelow: nil)

    /// The dead process's fetch mark (an inbox row id), while rows up to it may still be pending.
    var suspectThrough: Int64? { suspects.through }

    /// Starts with the mark found at start-up.
    func startSuspects(mark: FetchMark?, process: String) {
        suspects = CrashSuspects(mark: mark, process: process, handledBelow: nil)
    }

    /// These updates were taken to run alone.
    func tookAlone(_ ids: [Int64]) { suspects.tookAlone(ids) }

    /// Whether an album has a part taken to run alone.
    func hasSuspect(_ ids: [Int64]) -> Bool { suspects.hasSuspect(ids) }

    /// After a read: the dead process's rows are settled once the reads passed its mark and none of
    /// its rows is being handled, or a read found nothing pending while nothing is in flight.
    func settleSuspects(emptyRead: Bool) {
        guard let high = suspects.through else { return }
        let passed = readThrough >= high && !inFlight.values.contains { $0 <= high }
        if passed || (emptyRead && inFlight.isEmpty) { suspects.settle() }
    }

    /// These updates could not be recorded: the next read starts below their rows, so they come back.
    func failed(_ ids: [Int64]) {
        let rows = ids.compactMap { inFlight[$0] }
        for id in ids { inFlight[id] = nil }
        suspects.finished(ids)
        if let lowest = rows.min() { readThrough = min(readThrough, lowest - 1) }
    }

    /// How many updates are being handled.
    var inFlightCount: Int { inFlight.count }

    /// Holds an album part until its album is complete or its window passed.
    func addAlbumPart(_ part: AlbumPart, now: Date) { albums.add(part, now: now) }

    /// Albums whose window has passed.
    func takeDueAlbums(now: Date) -> [Album] { albums.takeDue(now: now) }

    /// When the next album falls due.
    var nextAlbumDeadline: Date? { albums.nextDeadline }
}

/// The webhook's bookkeeping: a handled update's inbox row is marked done in the transaction that
/// records it and writes its replies (polling moves the getUpdates offset there instead).
struct InboxBookkeeping: UpdateBookkeeping {
    let poller: TelegramPoller
    let ledger: InboxLedger
    let store: any TelegramLedger

    func complete(_ ids: [Int64], batch: OutboxBatch?, armed: Bool) async {
        do {
            let rows = try await store.markInboxProcessed(
                transport: TelegramPoller.transportName, updateIDs: ids.map { String($0) }, outbox: batch?.take() ?? [],
                attemptKind: armed ? TelegramPoller.attemptKind : nil, now: poller.clock.now())
            await ledger.finished(ids)
            await poller.transport.sender.submit(rows)
        } catch {
            await ledger.failed(ids)
            poller.logger.error("cannot record handled updates; they will be handled again", [
                "update": ids.map(String.init).joined(separator: ","), "error": "\(error)",
            ])
        }
    }

    func addAlbumPart(_ part: AlbumPart, now: Date) async { await ledger.addAlbumPart(part, now: now) }
    func takeDueAlbums(now: Date) async -> [Album] { await ledger.takeDueAlbums(now: now) }
    func nextAlbumDeadline() async -> Date? { await ledger.nextAlbumDeadline }
}
