import Foundation
import Support

/// The one outgoing queue: every message waits here for its slot under the rate limits and
/// any `retry_after` pause. Callers send concurrently once admitted; within a chat the
/// dispatcher already sends in order, and slots are booked in that order.
public actor OutgoingQueue {
    private var limiter: RateLimiter
    private let clock: any WallClock
    private let metrics: TelegramMetrics?
    /// Chats that got a 429 recently, to tell a chat limit from a global one.
    private var recentLimits: [(chat: String, at: Date)] = []

    /// A queue enforcing `limits` on `clock`; waits are counted in `metrics` when given.
    public init(limits: RateLimits, clock: any WallClock, metrics: TelegramMetrics? = nil) {
        limiter = RateLimiter(limits: limits)
        self.clock = clock
        self.metrics = metrics
    }

    /// Waits until a message to `chat` may be sent.
    public func admit(chat: String, isGroup: Bool) async throws {
        while true {
            let slot = limiter.reserve(chat: chat, isGroup: isGroup, now: clock.now())
            let now = clock.now()
            if slot > now {
                metrics?.rateLimitWaits.add()
                metrics?.rateLimitWaitSeconds.add(slot.timeIntervalSince(now))
                try await clock.sleep(until: slot)
            }
            // A 429 may have paused the chat while we slept; then book again after the pause.
            guard limiter.pausedUntil(chat: chat, now: clock.now()) != nil else { return }
        }
    }

    /// Books a slot for `chat` now if one is free while `keep` saved-up tokens stay for replies and
    /// returns nil; otherwise returns when to ask again, without booking (see `RateLimiter.reserveNow`).
    public func admitNow(chat: String, isGroup: Bool, keep: Int) -> Date? {
        limiter.reserveNow(chat: chat, isGroup: isGroup, now: clock.now(), keep: keep)
    }

    /// Applies a `429 retry_after` for `chat` (nil for calls not bound to a chat). Telegram does not
    /// say which limit was hit: a 429 while another chat is already limited means the global limit,
    /// so every chat pauses; otherwise only this chat does. Returns true when the pause is global.
    @discardableResult
    public func pause(chat: String?, retryAfter seconds: Int) -> Bool {
        let now = clock.now()
        let until = now.addingTimeInterval(Double(max(seconds, 1)))
        recentLimits.removeAll { now.timeIntervalSince($0.at) > 1 }
        let global = chat == nil || recentLimits.contains { $0.chat != chat }
        if let chat { recentLimits.append((chat, now)) }
        limiter.pause(chat: global ? nil : chat, until: until)
        return global
    }

    /// When `chat` is paused, the instant it may send again.
    public func pausedUntil(chat: String) -> Date? { limiter.pausedUntil(chat: chat, now: clock.now()) }
}
