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
        try await withThrowingDiscardingTaskGroup { group in
            var failures = 0
            while !Task.isCancelled {
                await intake.releaseAlbums()
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
        guard !fresh.isEmpty else { return rows.count }
        let done = try await store.processedIDs(transport: TelegramPoller.transportName, among: fresh.map(\.row.updateID))
        for (row, updateID) in fresh {
            guard !done.contains(row.updateID), let json = try? JSON.parse(row.payload), let update = TelegramUpdate(json) else {
                // Handled before (its row only missed being marked) or not an update we can read: marked done, not retried forever.
                logger.debug("inbox row needs no handling", ["update": updateID])
                await intake.books.complete([updateID], batch: nil)
                continue
            }
            await intake.take(update, group: &group)
        }
        return rows.count
    }

    /// Waits for a webhook delivery, the next album deadline or the periodic check, whichever comes first.
    private func waitForWork(backOff: Bool) async throws {
        var seconds = backOff ? max(poller.configuration.inboxCheckSeconds, 2) : poller.configuration.inboxCheckSeconds
        if let album = await ledger.nextAlbumDeadline { seconds = min(seconds, max(0, album.timeIntervalSince(clock.now()))) }
        await wakeUp.wait(upTo: seconds, clock: clock)
        try Task.checkCancellation()
    }
}
