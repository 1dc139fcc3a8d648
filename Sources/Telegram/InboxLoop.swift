import Chat
import Foundation
import JSON
import Storage
import Support

/// Webhook mode's loop in place of getUpdates: reads pending inbox rows in arrival order and hands
/// each update to the same intake polling uses. It reads when a webhook delivery wakes it, when an
/// album falls due, and every `inboxCheckSeconds` (rows stored by another process or left by a crash).
struct InboxLoop: Sendable {
    let poller: TelegramPoller
    let ledger: InboxLedger
    let intake: UpdateIntake
    let wakeUp: InboxWakeUp
    let store: any TelegramLedger

    init(poller: TelegramPoller, store: any TelegramLedger, mapper: UpdateMapper, wakeUp: InboxWakeUp) {
        self.poller = poller
        self.store = store
        ledger = InboxLedger(albumWindow: poller.configuration.albumWindowSeconds)
        intake = UpdateIntake(poller: poller, mapper: mapper, books: InboxBookkeeping(poller: poller, ledger: ledger, store: store))
        self.wakeUp = wakeUp
    }

    private var logger: Logger { poller.logger }
    private var clock: any WallClock { poller.clock }
    private static let batchSize = 100

    func run() async throws {
        // A mark of another process: it died with the rows up to the mark perhaps running.
        await ledger.startSuspects(mark: try await store.fetchMark(key: TelegramPoller.inboxMarkKey), process: poller.processName)
        try await withThrowingDiscardingTaskGroup { group in
            var failures = 0
            while !Task.isCancelled {
                await intake.releaseAlbums { [ledger] album in await ledger.hasSuspect(album.updateIDs) ? .alone : .marked }
                do {
                    // A full batch means more may wait: read again at once.
                    while try await drainBatch(group: &group) == InboxLoop.batchSize, !Task.isCancelled {}
                    if failures > 0 { logger.notice("inbox readable again", ["failures": failures]) }
                    failures = 0
                } catch {
                    failures += 1
                    if failures == 1 || failures % 10 == 0 { logger.error("cannot read the inbox; retrying", ["error": "\(error)", "failures": failures]) }
                }
                try await waitForWork(backOff: failures > 0)
            }
        }
    }

    /// Reads and takes one batch of pending rows; returns how many rows the read brought.
    private func drainBatch(group: inout ThrowingDiscardingTaskGroup<any Error>) async throws -> Int {
        let rows = try await store.pendingInbox(
            transport: TelegramPoller.transportName, afterID: await ledger.readThrough, limit: InboxLoop.batchSize)
        let fresh = await ledger.take(rows)
        guard !fresh.isEmpty else {
            await ledger.settleSuspects(emptyRead: rows.isEmpty)
            return rows.count
        }
        let admission: Admission
        do {
            admission = try await admit(fresh.map(\.row))
        } catch {
            await ledger.failed(fresh.map(\.updateID))
            throw error
        }
        // As for polling: a batch the mark covers runs as usual, any other one update at a time.
        let mode: GuardMode = admission.marked ? .marked : .alone
        if !admission.suspects.isEmpty {
            logger.notice("handling updates one at a time: the last run may have died while they were running", [
                "updates": admission.suspects.sorted().joined(separator: ","),
            ])
        }
        for (row, updateID) in fresh {
            guard !admission.processed.contains(row.updateID), let json = try? JSON.parse(row.payload), let update = TelegramUpdate(json) else {
                // Handled before (its row only missed being marked) or not an update we can read: marked done, not retried forever.
                logger.debug("inbox row needs no handling", ["update": updateID])
                await intake.books.complete([updateID], batch: nil, armed: mode.recordsStart)
                continue
            }
            if mode == .alone { await ledger.tookAlone([updateID]) }
            await intake.take(update, mode: mode, group: &group)
        }
        await ledger.settleSuspects(emptyRead: false)
        return rows.count
    }

    /// Finds the handled updates and the suspects among `rows`, and moves the fetch mark over them when
    /// none is a suspect and no dead process's rows are still to come (one write).
    private func admit(_ rows: [InboxRecord]) async throws -> Admission {
        let suspectThrough = await ledger.suspectThrough
        var chatKeys: [String: String] = [:]
        if suspectThrough != nil {
            for row in rows { if let json = try? JSON.parse(row.payload) { chatKeys[row.updateID] = TelegramUpdate.chatKey(of: json) } }
        }
        return try await store.admit(
            transport: TelegramPoller.transportName, updates: rows.map { FetchedUpdate(id: $0.updateID, position: $0.id) },
            markKey: TelegramPoller.inboxMarkKey, process: poller.processName, suspectThrough: suspectThrough,
            markThrough: suspectThrough == nil ? rows.map(\.id).max() : nil, attemptKind: TelegramPoller.attemptKind, chatKeys: chatKeys,
            now: clock.now())
    }

    /// Waits for a webhook delivery, the next album deadline or the periodic check, whichever comes first.
    private func waitForWork(backOff: Bool) async throws {
        var seconds = backOff ? max(poller.configuration.inboxCheckSeconds, 2) : poller.configuration.inboxCheckSeconds
        if let album = await ledger.nextAlbumDeadline { seconds = min(seconds, max(0, album.timeIntervalSince(clock.now()))) }
        await wakeUp.wait(upTo: seconds, clock: clock)
        try Task.checkCancellation()
    }
}
