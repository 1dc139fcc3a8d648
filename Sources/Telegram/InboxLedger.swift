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
    }

    /// These updates could not be recorded: the next read starts below their rows, so they come back.
    func failed(_ ids: [Int64]) {
        let rows = ids.compactMap { inFlight[$0] }
        for id in ids { inFlight[id] = nil }
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

    func complete(_ ids: [Int64], batch: OutboxBatch?) async {
        do {
            let rows = try await store.markInboxProcessed(
                transport: TelegramPoller.transportName, updateIDs: ids.map { String($0) }, outbox: batch?.take() ?? [],
                attemptKind: TelegramPoller.attemptKind, now: poller.clock.now())
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
