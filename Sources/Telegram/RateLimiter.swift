import Foundation

/// Decides when each outgoing message may go: per chat as a token bucket (a short burst, then the
/// average rate), per group and globally as sliding windows, plus pauses ordered by a `429
/// retry_after`, which stays the authority. A pure value; the caller supplies the time.
///
/// `reserve` books the earliest allowed instant and counts the message from then, so callers
/// that wait until their instant send in booking order within a chat. Bookings older than the
/// longest window before `now` are forgotten, so the bounds hold for a clock that moves forward;
/// after a wall clock steps back, a message or two may go early, and Telegram's 429 paces them.
public struct RateLimiter: Sendable {
    /// At most `count` messages in any `period` seconds.
    struct Window: Sendable, Hashable {
        let count: Int
        let period: Double

        /// A window for `rate` messages per `seconds`; nil when the rate is 0 (unlimited).
        init?(rate: Double, per seconds: Double) {
            guard rate > 0 else { return nil }
            if rate >= 1 {
                count = Int(rate)
                period = seconds * Double(Int(rate)) / rate
            } else {
                count = 1
                period = seconds / rate
            }
        }
    }

    /// A chat's bucket: one token every `interval` seconds, at most `burst` saved up.
    struct Bucket: Sendable, Hashable {
        let interval: Double
        let burst: Int

        /// How far ahead of its theoretical time a message may go (the saved-up tokens).
        var tolerance: Double { Double(max(burst, 1) - 1) * interval }
    }

    private let perChat: Bucket?
    private let perGroup: Window?
    private let global: Window?
    /// Per chat, the theoretical arrival time of the next message (GCRA): a message may go at
    /// `t` when `t ≥ tat − tolerance`, and each booking moves `tat` one interval on.
    private var chatTATs: [String: Date] = [:]
    private var groupTimes: [String: [Date]] = [:]
    private var globalTimes: [Date] = []
    private var chatPauses: [String: Date] = [:]
    private var globalPause: Date?

    /// A limiter enforcing `limits`.
    public init(limits: RateLimits) {
        perChat = limits.perChatPerSecond > 0 ? Bucket(interval: 1 / limits.perChatPerSecond, burst: limits.perChatBurst) : nil
        perGroup = Window(rate: limits.perGroupPerMinute, per: 60)
        global = Window(rate: limits.globalPerSecond, per: 1)
    }

    /// Books the earliest instant at or after `now` when a message to `chat` may be sent, and returns it.
    public mutating func reserve(chat: String, isGroup: Bool, now: Date) -> Date {
        prune(now: now)
        let time = earliest(chat: chat, isGroup: isGroup, now: now, keep: 0)
        book(time, chat: chat, isGroup: isGroup)
        return time
    }

    /// Books `now` for a message to `chat` if it may go at once while leaving `keep` of the chat's
    /// saved-up tokens for later messages, and returns nil; otherwise books nothing and returns the
    /// earliest instant it could go that way. Progress edits use this so they never take the token
    /// a reply needs a moment later.
    public mutating func reserveNow(chat: String, isGroup: Bool, now: Date, keep: Int) -> Date? {
        prune(now: now)
        let time = earliest(chat: chat, isGroup: isGroup, now: now, keep: keep)
        guard time <= now else { return time }
        book(now, chat: chat, isGroup: isGroup)
        return nil
    }

    /// The earliest instant at or after `now` that every limit allows, with `keep` of the chat's
    /// saved-up tokens left unused.
    private func earliest(chat: String, isGroup: Bool, now: Date, keep: Int) -> Date {
        var time = max(now, chatPauses[chat] ?? now, globalPause ?? now)
        // Each window can only push the time later; repeat until all three agree.
        for _ in 0..<16 {
            var next = time
            if let perChat, let tat = chatTATs[chat] {
                let kept = Double(min(max(keep, 0), max(perChat.burst, 1) - 1)) * perChat.interval
                next = max(next, tat.addingTimeInterval(kept - perChat.tolerance))
            }
            if isGroup, let perGroup { next = max(next, RateLimiter.earliest(after: next, in: groupTimes[chat] ?? [], window: perGroup)) }
            if let global { next = max(next, RateLimiter.earliest(after: next, in: globalTimes, window: global)) }
            if next == time { break }
            time = next
        }
        return time
    }

    /// Counts a message to `chat` at `time` against every limit.
    private mutating func book(_ time: Date, chat: String, isGroup: Bool) {
        if let perChat { chatTATs[chat] = max(chatTATs[chat] ?? time, time).addingTimeInterval(perChat.interval) }
        if isGroup && perGroup != nil { RateLimiter.insert(time, into: &groupTimes[chat, default: []]) }
        if global != nil { RateLimiter.insert(time, into: &globalTimes) }
    }

    /// Stops sending to `chat` (or to every chat when nil) until `until`.
    public mutating func pause(chat: String?, until: Date) {
        if let chat {
            chatPauses[chat] = max(chatPauses[chat] ?? until, until)
        } else {
            globalPause = max(globalPause ?? until, until)
        }
    }

    /// When sending to `chat` is paused, the instant the pause ends.
    public func pausedUntil(chat: String, now: Date) -> Date? {
        let end = max(chatPauses[chat] ?? .distantPast, globalPause ?? .distantPast)
        return end > now ? end : nil
    }

    /// Whether every chat is paused at `now`.
    public func isGloballyPaused(now: Date) -> Bool { (globalPause ?? .distantPast) > now }

    /// The earliest `t ≥ start` such that fewer than `count` bookings lie within `period` of `t`
    /// on either side; counting both sides keeps bookings made ahead of time inside the limit too.
    static func earliest(after start: Date, in times: [Date], window: Window) -> Date {
        func fits(_ t: Date) -> Bool {
            times.lazy.filter { abs($0.timeIntervalSince(t)) < window.period }.count < window.count
        }
        if fits(start) { return start }
        for candidate in times.map({ $0.addingTimeInterval(window.period) }).sorted() where candidate > start {
            if fits(candidate) { return candidate }
        }
        return (times.max() ?? start).addingTimeInterval(window.period)
    }

    private static func insert(_ time: Date, into list: inout [Date]) {
        let index = list.firstIndex { $0 > time } ?? list.count
        list.insert(time, at: index)
    }

    /// Forgets bookings that can no longer limit anything.
    private mutating func prune(now: Date) {
        let longest = max(perGroup?.period ?? 0, global?.period ?? 0)
        let cutoff = now.addingTimeInterval(-longest)
        globalTimes.removeAll { $0 <= cutoff }
        if chatTATs.count > 64 || groupTimes.count > 64 {
            // A chat whose theoretical time has passed has a full bucket: the same as never seen.
            chatTATs = chatTATs.filter { $0.value > now }
            groupTimes = groupTimes.filter { $0.value.last.map { $0 > cutoff } ?? false }
            chatPauses = chatPauses.filter { $0.value > now }
        }
        for key in groupTimes.keys where groupTimes[key]?.first.map({ $0 <= cutoff }) ?? false { groupTimes[key]?.removeAll { $0 <= cutoff } }
    }
}
