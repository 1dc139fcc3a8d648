import Foundation
import Telegram
import Testing
import WardrobeTestKit

/// The outgoing limits against a manual clock.
@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func offsets(_ times: [Date]) -> [Double] { times.map { ($0.timeIntervalSince(start) * 1000).rounded() / 1000 } }

    @Test func oneChatGetsAShortBurstThenOneMessagePerSecondWhileOtherChatsAreNotHeldBack() {
        var limiter = RateLimiter(limits: RateLimits(perChatPerSecond: 1, perGroupPerMinute: 20, globalPerSecond: 30))
        let a = (0..<5).map { _ in limiter.reserve(chat: "a", isGroup: false, now: start) }
        let b = limiter.reserve(chat: "b", isGroup: false, now: start)
        #expect(offsets(a) == [0, 0, 0, 1, 2])
        #expect(offsets([b]) == [0])
        // After a quiet spell the bucket is full again, but never more than the burst.
        let later = start.addingTimeInterval(60)
        let c = (0..<4).map { _ in limiter.reserve(chat: "a", isGroup: false, now: later) }
        #expect(c.map { ($0.timeIntervalSince(later) * 1000).rounded() / 1000 } == [0, 0, 0, 1])
    }

    /// A seeded generator, so a failing draw can be run again.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    /// Two private chats and two groups, each asking for far more than allowed, at random moments of
    /// two minutes. The moments are asked in time order, as the sender's clock gives them: a draw that
    /// asked them in random order (a clock jumping back and forth by a minute) once broke the group
    /// bound by one message in about one run in forty.
    @Test(arguments: 0..<12) func noChatAndNoGroupExceedsTelegramsLimitsOverAMinute(seed: UInt64) {
        var limiter = RateLimiter(limits: RateLimits())
        var times: [String: [Date]] = [:]
        var generator = SeededGenerator(state: seed)
        let moments = (0..<800).map { _ in start.addingTimeInterval(Double.random(in: 0..<120, using: &generator)) }.sorted()
        for (index, now) in moments.enumerated() {
            let chat = ["a", "b", "-1", "-2"][index % 4]
            times[chat, default: []].append(limiter.reserve(chat: chat, isGroup: chat.hasPrefix("-"), now: now))
        }
        func most(_ list: [Date], within seconds: Double) -> Int {
            let sorted = list.sorted()
            return sorted.indices.map { i in sorted[i...].prefix { $0.timeIntervalSince(sorted[i]) < seconds }.count }.max() ?? 0
        }
        func mostInAnyMinute(_ list: [Date]) -> Int { most(list, within: 60) }
        #expect(mostInAnyMinute(times["a"]!) <= 60 + 2)
        #expect(mostInAnyMinute(times["b"]!) <= 60 + 2)
        #expect(mostInAnyMinute(times["-1"]!) <= 20)
        #expect(mostInAnyMinute(times["-2"]!) <= 20)
        #expect(most(times.values.flatMap { $0 }, within: 1) <= 30)
    }

    @Test func anEditGoesOnlyWhileATokenStaysSavedForTheChatsNextReply() {
        var limiter = RateLimiter(limits: RateLimits(perChatPerSecond: 1, perGroupPerMinute: 20, globalPerSecond: 30, perChatBurst: 3))
        #expect(offsets([limiter.reserve(chat: "a", isGroup: false, now: start)]) == [0])
        // Two tokens saved: the edit takes one and leaves one.
        #expect(limiter.reserveNow(chat: "a", isGroup: false, now: start, keep: 1) == nil)
        // One saved: the edit would take the reply's token, so it is told when to ask again and books nothing.
        let retry = limiter.reserveNow(chat: "a", isGroup: false, now: start, keep: 1)
        #expect(retry.map { offsets([$0]) } == [1])
        // The reply still goes at once, on the token the edit left.
        #expect(offsets([limiter.reserve(chat: "a", isGroup: false, now: start)]) == [0])
        #expect(limiter.reserveNow(chat: "a", isGroup: false, now: start, keep: 1).map { offsets([$0]) } == [2])
        // Other chats are not affected.
        #expect(limiter.reserveNow(chat: "b", isGroup: false, now: start, keep: 1) == nil)
    }

    @Test(arguments: 0..<12) func editsAndRepliesTogetherStayWithinTheLimits(seed: UInt64) {
        var limiter = RateLimiter(limits: RateLimits())
        var sent: [String: [Date]] = [:]
        var generator = SeededGenerator(state: seed)
        for index in 0..<1_200 {
            let chat = ["a", "-1"][index % 2]
            let now = start.addingTimeInterval(Double(index) * 0.1 + Double.random(in: 0..<0.1, using: &generator))
            if Bool.random(using: &generator) {
                if limiter.reserveNow(chat: chat, isGroup: chat.hasPrefix("-"), now: now, keep: 1) == nil { sent[chat, default: []].append(now) }
            } else {
                sent[chat, default: []].append(limiter.reserve(chat: chat, isGroup: chat.hasPrefix("-"), now: now))
            }
        }
        func mostInAnyMinute(_ list: [Date]) -> Int {
            let sorted = list.sorted()
            return sorted.indices.map { i in sorted[i...].prefix { $0.timeIntervalSince(sorted[i]) < 60 }.count }.max() ?? 0
        }
        #expect(mostInAnyMinute(sent["a"]!) <= 60 + 2)
        #expect(mostInAnyMinute(sent["-1"]!) <= 20)
    }

    @Test func aGroupGetsTwentyMessagesPerMinute() {
        var limiter = RateLimiter(limits: RateLimits(perChatPerSecond: 0, perGroupPerMinute: 20, globalPerSecond: 0))
        let times = (0..<21).map { _ in limiter.reserve(chat: "-100", isGroup: true, now: start) }
        #expect(offsets(Array(times.prefix(20))).allSatisfy { $0 == 0 })
        #expect(offsets([times[20]]) == [60])
    }

    @Test func allChatsTogetherGetThirtyMessagesPerSecond() {
        var limiter = RateLimiter(limits: RateLimits(perChatPerSecond: 1, perGroupPerMinute: 20, globalPerSecond: 30))
        let times = (0..<31).map { limiter.reserve(chat: "chat\($0)", isGroup: false, now: start) }
        #expect(offsets(Array(times.prefix(30))).allSatisfy { $0 == 0 })
        #expect(offsets([times[30]]) == [1])
    }

    @Test func aPauseHoldsOneChatOrAllChats() {
        var limiter = RateLimiter(limits: .unlimited)
        limiter.pause(chat: "a", until: start.addingTimeInterval(5))
        #expect(offsets([limiter.reserve(chat: "a", isGroup: false, now: start)]) == [5])
        #expect(offsets([limiter.reserve(chat: "b", isGroup: false, now: start)]) == [0])
        limiter.pause(chat: nil, until: start.addingTimeInterval(3))
        #expect(offsets([limiter.reserve(chat: "b", isGroup: false, now: start)]) == [3])
    }

    @Test func theQueueWaitsOnTheClockAndObeysRetryAfterForAChat() async throws {
        let clock = ManualClock(now: start)
        let queue = OutgoingQueue(limits: RateLimits(perChatPerSecond: 1, perGroupPerMinute: 20, globalPerSecond: 30), clock: clock)
        try await queue.admit(chat: "a", isGroup: false)
        #expect(await queue.pause(chat: "a", retryAfter: 7) == false)
        let admitted = Flag()
        let waiter = Task {
            try await queue.admit(chat: "a", isGroup: false)
            await admitted.set()
        }
        try await waitForSleepers(clock, 1)
        clock.advance(by: 6.5)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await admitted.value == false)
        // Another chat is not paused.
        try await queue.admit(chat: "b", isGroup: false)
        clock.advance(by: 0.5)
        try await waiter.value
        #expect(await admitted.value)
        #expect(clock.now().timeIntervalSince(start) == 7)
    }

    @Test func aSecondChatLimitedAtOnceMeansTheGlobalLimitAndPausesEveryone() async throws {
        let clock = ManualClock(now: start)
        let queue = OutgoingQueue(limits: .unlimited, clock: clock)
        #expect(await queue.pause(chat: "a", retryAfter: 3) == false)
        #expect(await queue.pause(chat: "b", retryAfter: 3) == true)
        #expect(await queue.pausedUntil(chat: "c") == start.addingTimeInterval(3))
    }

    func waitForSleepers(_ clock: ManualClock, _ count: Int) async throws {
        let asleep = await clock.waitForSleepers(count)
        try #require(asleep, "\(count) tasks waiting on the clock")
    }
}

/// A flag set from another task.
actor Flag {
    private(set) var value = false
    func set() { value = true }
}
