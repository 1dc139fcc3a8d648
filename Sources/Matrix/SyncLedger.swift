/// Sync batches whose events are still being handled, oldest first.
///
/// The sync loop does not wait for a batch before asking for the next one, so a slow handler in one
/// room (a product page taking seconds to fetch) does not hold up the others. The stored sync
/// position may only move past a batch once its events, and those of every older batch, are handled:
/// after a crash the bot syncs again from there, and events already handled are skipped by id.
///
/// "Handled" means recorded: the position travels in the transaction that records one event, so it may
/// pass another event of the batch only once that one's record has committed. Otherwise the two records
/// could commit in either order, and a `kill -9` between them would leave a stored position past an
/// event nobody recorded: never synced again, never answered. A batch whose last record was not the one
/// to carry the position is passed by the next event or empty sync batch instead.
actor SyncLedger {
    private struct Batch {
        let nextBatch: String
        var remaining: Set<String>
        /// Handled events of this batch whose record has not committed yet.
        var recording: Set<String> = []
    }

    private var batches: [Batch] = []
    /// Handled events whose record (`processed_updates`) is not committed yet.
    private var recording: Set<String> = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Events submitted and not yet handled.
    var inFlightCount: Int { batches.reduce(0) { $0 + $1.remaining.count } }

    /// Whether this event is being handled, or handled but not yet recorded: a gap fill must not queue
    /// it a second time.
    func isInFlight(_ eventID: String) -> Bool {
        recording.contains(eventID) || batches.contains { $0.remaining.contains(eventID) }
    }

    /// Registers a batch's events. Returns the position to store right away: only for a batch
    /// without events when nothing older is still open.
    func begin(eventIDs: [String], nextBatch: String) -> String? {
        batches.append(Batch(nextBatch: nextBatch, remaining: Set(eventIDs)))
        return advance()
    }

    /// One event is handled. Returns the position to store with it, when this finished the oldest
    /// open batch (possibly several: finished younger batches behind it are passed too). The event
    /// counts as in flight until `recorded(_:)`.
    func finished(_ eventID: String) -> String? {
        if let index = batches.firstIndex(where: { $0.remaining.contains(eventID) }) {
            batches[index].remaining.remove(eventID)
            batches[index].recording.insert(eventID)
            recording.insert(eventID)
        }
        let position = advance(carriedBy: eventID)
        let woken = waiters
        waiters = []
        for waiter in woken { waiter.resume() }
        return position
    }

    /// The event's record is committed (or failed to be): the store now answers for it.
    func recorded(_ eventID: String) {
        recording.remove(eventID)
        if let index = batches.firstIndex(where: { $0.recording.contains(eventID) }) { batches[index].recording.remove(eventID) }
    }

    /// Returns once fewer than `limit` events are in flight, so a flood of events cannot pile up in memory.
    func waitUntilFewer(than limit: Int) async {
        while inFlightCount >= limit {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// The position past every leading batch that is handled and recorded, but for `carrier`, whose
    /// record is the transaction that will store the position.
    private func advance(carriedBy carrier: String? = nil) -> String? {
        var position: String?
        while let first = batches.first, first.remaining.isEmpty, first.recording.subtracting([carrier].compactMap { $0 }).isEmpty {
            position = first.nextBatch
            batches.removeFirst()
        }
        return position
    }
}
