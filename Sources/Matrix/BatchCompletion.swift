/// Counts the events of one sync batch as the dispatcher finishes them; the last one carries the cursor.
actor BatchCompletion {
    private var remaining: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A batch of `count` events.
    init(count: Int) {
        remaining = count
    }

    /// One event is handled; true for the last one.
    func complete() -> Bool {
        remaining -= 1
        return remaining == 0
    }

    /// The last event's bookkeeping is written: wake the sync loop.
    func finish() {
        for waiter in waiters { waiter.resume() }
        waiters = []
        remaining = -1
    }

    /// Returns once `finish()` was called.
    func wait() async {
        if remaining < 0 { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
