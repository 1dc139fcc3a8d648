import Chat
import Foundation
import Telegram
import Schedule
import Testing
import WardrobeTestKit

/// How the worker survives what the Bot API throws at it.
@Suite(.serialized) struct FaultTests {
    @Test func aConflictIsLoggedOnceWithItsCauseAndPollingResumesAfterDeleteWebhook() async throws {
        let harness = try TelegramHarness()
        harness.server.setWebhook("https://example.com/hook")
        let task = harness.start()
        #expect(await harness.server.wait { $0.rejections.filter { $0.hasPrefix("409") }.count >= 3 })
        let lines = harness.logLines(containing: "409 Conflict")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("wardrobe telegram delete-webhook") == true)
        harness.server.setWebhook(nil)
        harness.server.sendText("/help")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        await harness.stop(task)
    }

    @Test func aServerErrorBurstAndATruncatedBodyAreBackedOffAndRecovered() async throws {
        let harness = try TelegramHarness()
        harness.server.inject(.badGateway, method: "getUpdates", times: 2)
        harness.server.inject(.error(code: 500, description: "Internal Server Error"), method: "getUpdates", times: 2)
        harness.server.inject(.truncatedJSON, method: "getUpdates")
        harness.server.sendText("/help")
        let task = harness.start()
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        #expect(harness.logLines(containing: "getUpdates failed; backing off").count >= 1)
        #expect(harness.logLines(containing: "polling recovered").count == 1)
        #expect(harness.server.deliveries.values.allSatisfy { $0 >= 1 })
        await harness.stop(task)
    }

    @Test func aRejectedTokenStopsWithAClearErrorAndNoLoop() async throws {
        let harness = try TelegramHarness(token: "999999:WRONG-token-wrong-token-wrong-token")
        let task = harness.start()
        let result = await task.result
        #expect(throws: TelegramError.unauthorized("Unauthorized")) { try result.get() }
        #expect(harness.server.rejections.count == 1)
        #expect(harness.logLines(containing: "rejected the bot token").count == 1)
        await harness.stop(task)
    }

    @Test func aTooManyRequestsAnswerPausesTheChatAndTheMessageStillArrives() async throws {
        let harness = try TelegramHarness()
        harness.server.inject(.error(code: 429, description: "Too Many Requests: retry after 1", retryAfter: 1), method: "sendMessage")
        let task = harness.start()
        harness.server.sendText("/help")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        let sends = harness.server.calls("sendMessage")
        try #require(sends.count == 2)
        // Loosely: the retry came after the pause, not at once.
        #expect(sends[1].at.timeIntervalSince(sends[0].at) >= 0.9)
        #expect(harness.logLines(containing: "rate limited by Telegram").count == 1)
        await harness.stop(task)
    }

    @Test func aBlockedChatGivesUpTheMessageAndPausesItsDailyOutfit() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        harness.server.inject(.error(code: 403, description: "Forbidden: bot was blocked by the user"), method: "sendMessage")
        let (user, chat) = try await harness.store.participants(
            transport: "telegram", userID: "1001", displayName: nil, chatID: "1001", kind: .privateChat, title: nil, recordActivity: false)
        try await harness.store.saveSchedule(chatID: chat.id, userID: user.id, localTime: "07:30", occasion: "business", days: .everyDay, now: Date())
        let address = ChatAddress(transport: "telegram", id: "1001", kind: .privateChat)
        let ref = try #require(try await harness.sendAndWait(.text("Good morning"), to: address).first)
        let txnID = try #require(ref.pending?.txnID)
        let row = try #require(try await harness.store.outbox(txnID: txnID))
        #expect(row.state == "failed")
        #expect(try await harness.store.activeSchedules().isEmpty)
        #expect(harness.logLines(containing: "daily outfit paused").count == 1)
        await harness.stop(task)
    }
}
