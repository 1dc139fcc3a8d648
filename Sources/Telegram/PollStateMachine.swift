import Support

/// The getUpdates loop as a value: it decides what to do next and keeps the offset watermark.
///
/// Updates of different chats are handled concurrently, so they finish out of order. The offset
/// passed to Telegram (and persisted) is a watermark: the lowest update still in flight (taken and
/// not yet recorded as handled), or one past the highest seen when nothing is. Everything below it
/// is recorded, so Telegram may drop it; everything at or above it is redelivered and recognised by
/// id. No I/O happens here.
///
/// Each fetch returns at most `limit` updates from the watermark, so while updates are in flight a
/// fetch only brings as many new ones as there is room in that window. After a full batch (more are
/// waiting) the machine waits until half the window is free, so one fetch brings many updates
/// instead of many fetches bringing a few; `progressInterval` caps that wait.
public struct PollStateMachine: Sendable {
    /// What the loop should do next.
    public enum Action: Sendable, Hashable {
        /// Call getUpdates with this offset (nil on the very first call) and long-poll timeout.
        case fetch(offset: Int64?, timeout: Int)
        /// Wait this long after a failure, then fetch again.
        case backOff(seconds: Double)
        /// Updates are still being handled and a fetch now would bring little or nothing new: wait until
        /// `isReadyToFetch` (at most this long).
        case waitForProgress(seconds: Double)
        /// Stop polling for good (a rejected token).
        case stop(TelegramError)
    }

    /// How the loop should report a failed fetch.
    public enum FailureReport: Sendable, Hashable {
        /// Give up; the error is final.
        case stop
        /// The first 409 in a row: log one clear line naming the cause.
        case firstConflict
        /// A later 409 in a row: stay quiet.
        case repeatedConflict
        /// A retryable failure; `attempt` counts the failures in a row.
        case retry(attempt: Int)
    }

    private let pollTimeout: Int
    private let backoff: Backoff
    private let conflictBackoff: Backoff
    private let progressInterval: Double
    private let limit: Int
    private var floor: Int64?
    private var highest: Int64?
    private var inFlight: Set<Int64> = []
    /// Finished ids at or above the watermark; they come back until the watermark passes them.
    private var finishedAbove: Set<Int64> = []
    private var pendingDelay: Double?
    /// The latest fetch returned a full batch: more updates are waiting at Telegram.
    private var backlog = false
    /// The latest fetch brought nothing new.
    private var broughtNothing = false
    /// Set once a wait was returned, so the next action is a fetch however the wait ended.
    private var waited = false
    /// The watermark when the current wait began.
    private var offsetAtWait: Int64?
    private var stopped: TelegramError?
    private var random: SplitMix
    /// Failed fetches in a row (any cause but 409).
    public private(set) var failures = 0
    /// 409 answers in a row.
    public private(set) var conflicts = 0

    /// A machine resuming from `savedOffset` (the persisted watermark), nil for a fresh bot.
    public init(
        savedOffset: Int64?, pollTimeout: Int = 50, backoff: Backoff = Backoff(base: 1, cap: 60),
        conflictBackoff: Backoff = Backoff(base: 5, cap: 60), progressInterval: Double = 0.25, limit: Int = 100, seed: UInt64 = 0x5EED
    ) {
        floor = savedOffset
        self.limit = max(1, limit)
        self.pollTimeout = pollTimeout
        self.backoff = backoff
        self.conflictBackoff = conflictBackoff
        self.progressInterval = progressInterval
        random = SplitMix(seed: seed)
    }

    /// The watermark: every update below it is handled.
    public var offset: Int64? {
        inFlight.min() ?? highest.map { $0 + 1 } ?? floor
    }

    /// Updates taken but not recorded as handled yet.
    public var inFlightCount: Int { inFlight.count }

    /// How many new updates the next fetch can bring at most: the window from the watermark holds
    /// `limit` updates, and the ones in flight or finished above the watermark take their places.
    public var room: Int { max(0, limit - inFlight.count - finishedAbove.count) }

    /// Whether a fetch is worth making now: nothing is in flight, or after a full batch half the
    /// window is free, or otherwise the watermark moved since the wait began.
    public var isReadyToFetch: Bool {
        if inFlight.isEmpty { return true }
        if backlog { return room >= (limit + 1) / 2 }
        return offset != offsetAtWait
    }

    /// The next step.
    public mutating func nextAction() -> Action {
        if let stopped { return .stop(stopped) }
        if let delay = pendingDelay {
            pendingDelay = nil
            return .backOff(seconds: delay)
        }
        if !waited, !inFlight.isEmpty, backlog ? !isReadyToFetch : broughtNothing {
            waited = true
            offsetAtWait = offset
            return .waitForProgress(seconds: progressInterval)
        }
        waited = false
        return .fetch(offset: offset, timeout: inFlight.isEmpty ? pollTimeout : 0)
    }

    /// A fetch returned these update ids. Returns the new ones, now in flight; redeliveries are dropped.
    public mutating func received(_ ids: [Int64]) -> [Int64] {
        failures = 0
        conflicts = 0
        let low = offset ?? Int64.min
        var fresh: [Int64] = []
        for id in ids where id >= low && !inFlight.contains(id) && !finishedAbove.contains(id) {
            inFlight.insert(id)
            fresh.append(id)
            highest = max(highest ?? id, id)
        }
        backlog = ids.count >= limit
        broughtNothing = fresh.isEmpty
        return fresh
    }

    /// These updates were taken but cannot be handled now (e.g. the database could not be read): they
    /// leave the in-flight set, so the next fetch, which starts at or below them, brings them back as new.
    public mutating func released(_ ids: [Int64]) {
        let released = Set(ids).intersection(inFlight)
        guard let lowest = released.min() else { return }
        inFlight.subtract(released)
        // A batch's new ids lie above every id taken before, so the highest taken id is now below them
        // and the watermark cannot pass them; with nothing else taken it rests on the lowest of them.
        highest = inFlight.union(finishedAbove).max()
        if highest == nil { floor = lowest }
    }

    /// The watermark to persist in the transaction that records `ids` as handled: the offset once they
    /// are finished, with every other update taken still counted as in flight. Their own records may be
    /// committing in another transaction, in either order, and a persisted offset above an update whose
    /// record is lost with the process would drop that update for good.
    public func watermark(finishing ids: [Int64]) -> Int64? {
        inFlight.subtracting(ids).min() ?? highest.map { $0 + 1 } ?? floor
    }

    /// These updates are recorded as handled: committed, or found recorded before a restart. Only now
    /// may the watermark pass them, since the next fetch's offset confirms them to Telegram, which then
    /// forgets them. Returns the new watermark.
    @discardableResult
    public mutating func finished(_ ids: [Int64]) -> Int64? {
        for id in ids where inFlight.remove(id) != nil { finishedAbove.insert(id) }
        if let watermark = offset { finishedAbove = finishedAbove.filter { $0 >= watermark } }
        return offset
    }

    /// A fetch failed; decides the wait (or the stop) and how to report it.
    public mutating func failed(_ error: TelegramError) -> FailureReport {
        switch error {
        case .unauthorized, .api(code: 404, _):
            // A rejected token never starts working by itself; polling on would only hammer the API.
            stopped = error
            return .stop
        case .conflict:
            conflicts += 1
            pendingDelay = conflictBackoff.delay(attempt: conflicts, using: &random)
            return conflicts == 1 ? .firstConflict : .repeatedConflict
        case .tooManyRequests(let retryAfter, _):
            failures += 1
            pendingDelay = Double(max(retryAfter, 1))
            return .retry(attempt: failures)
        default:
            failures += 1
            pendingDelay = backoff.delay(attempt: failures, using: &random)
            return .retry(attempt: failures)
        }
    }
}

/// A small seedable generator (SplitMix64) so backoff jitter is reproducible in tests.
struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
