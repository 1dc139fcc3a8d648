/// Lets ordinary work run together but a suspect alone.
///
/// After a crash every item that was in flight looks alike: each was started and never finished.
/// Handling them concurrently again would charge every one of them with the next crash, so an
/// innocent message in another chat could be set aside with the guilty one. A suspect therefore
/// runs exclusively — after the work in flight finishes, and before new work starts — so a crash
/// while it runs is its own. Suspects are rare (only after a crash), so ordinary throughput is untouched.
public actor SuspectGate {
    private var sharedHolders = 0
    private var exclusiveHeld = false
    private var waitingExclusive: [CheckedContinuation<Void, Never>] = []
    private var waitingShared: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Runs ordinary work, concurrently with other ordinary work.
    public func shared<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        if exclusiveHeld || !waitingExclusive.isEmpty {
            await withCheckedContinuation { waitingShared.append($0) }
        } else {
            sharedHolders += 1
        }
        defer { releaseShared() }
        return await body()
    }

    /// Runs a suspect alone.
    public func exclusive<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        if exclusiveHeld || sharedHolders > 0 {
            await withCheckedContinuation { waitingExclusive.append($0) }
        } else {
            exclusiveHeld = true
        }
        defer { releaseExclusive() }
        return await body()
    }

    private func releaseShared() {
        sharedHolders -= 1
        if sharedHolders == 0, !waitingExclusive.isEmpty {
            exclusiveHeld = true
            waitingExclusive.removeFirst().resume()
        }
    }

    private func releaseExclusive() {
        if !waitingExclusive.isEmpty {
            // Suspects first, one at a time; ordinary work waits for the last of them.
            waitingExclusive.removeFirst().resume()
            return
        }
        exclusiveHeld = false
        sharedHolders += waitingShared.count
        let released = waitingShared
        waitingShared = []
        for waiter in released { waiter.resume() }
    }
}
