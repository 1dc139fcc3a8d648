import Foundation
import Telegram
import Testing
import WardrobeTestKit

/// The outgoing limits against a manual clock.
@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func offsets(_ times: [Date]) -> [Double] { times.map { ($0.timeIntervalSince(start) * 1000).rounded() / 1000 } }

    @Test func oneChatGetsOneMessagePerSecondWhileOtherChatsAreNotHeldBack() {
        var limiter = RateLimiter(limits: RateLimits(perChatPerSecond: 1, perGroupPerMinute: 20, globalPerSecond: 30))
        let a = (0..<3).map { _ in limiter.reserve(chat: "a", isGroup: false, now: start) }
        let b = limiter.reserve(chat: "b", isGroup: false, now: start)
        #expect(offsets(a) == [0, 1, 2])
        #expect(offsets([b]) == [0])
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
        for _ in 0..<200 where clock.sleeperCount < count { try await Task.sleep(for: .milliseconds(5)) }
    }
}

/// A flag set from another task.
actor Flag {
    private(set) var value = false
    func set() { value = true }
}
