import Foundation
import JSON
import Telegram
import Testing
import WardrobeTestKit

@Suite struct WebhookTests {
    private static func helpUpdate(id: Int64, chat: Int64) -> JSON {
        [
            "update_id": .int(id),
            "message": [
                "message_id": .int(id), "date": .int(Int64(Date().timeIntervalSince1970)), "text": "/help",
                "entities": [["type": "bot_command", "offset": 0, "length": 5]],
                "from": ["id": .int(chat), "is_bot": false, "first_name": "Tester"],
                "chat": ["id": .int(chat), "type": "private", "first_name": "Tester"],
            ],
        ]
    }

    @Test func aMissingOrWrongSecretIsAnswered401AndNothingIsStored() async throws {
        let harness = try WebhookHarness()
        let update = Self.helpUpdate(id: 500, chat: 77)
        let missing = try await harness.post(update, secret: nil)
        let wrong = try await harness.post(update, secret: "test-Secret_0123456788")
        let longer = try await harness.post(update, secret: WebhookHarness.secret + "x")
        let empty = try await harness.post(update, secret: "")
        let statuses: [Int] = [missing.status, wrong.status, longer.status, empty.status]
        #expect(statuses == [401, 401, 401, 401])
        #expect(try await harness.pendingCount() == 0)
        #expect(harness.telegramMetrics.webhookRequests.value("unauthorized") == 4)
        await harness.stop(nil)
    }

    @Test func aRepeatedDeliveryIsStoredOnceAndAnsweredOnce() async throws {
        let harness = try WebhookHarness()
        let update = Self.helpUpdate(id: 600, chat: 88)
        #expect(try await harness.post(update).status == 200)
        #expect(try await harness.post(update).status == 200)
        #expect(try await harness.pendingCount() == 1)
        #expect(harness.telegramMetrics.webhookRequests.value("duplicate") == 1)
        let task = harness.base.start()
        #expect(await harness.base.waitForMessages(1, inChat: 88))
        #expect(await harness.base.waitUntilProcessed([600]))
        // Telegram retries once more after the update was handled: still nothing new.
        #expect(try await harness.post(update).status == 200)
        #expect(await harness.base.waitUntilSent())
        #expect(harness.base.server.messages(inChat: 88).count == 1)
        #expect(try await harness.pendingCount() == 0)
        await harness.stop(task)
    }

    @Test func aBurstFromManyChatsIsHandledOnceEachWithoutGetUpdates() async throws {
        let harness = try WebhookHarness()
        let task = harness.base.start()
        let chats = (0..<60).map { FakeUser(id: 20_000 + Int64($0), firstName: "User\($0)") }
        var ids: [Int64] = []
        for user in chats { ids.append(harness.base.server.sendText("/help", chat: .privateChat(user), from: user)) }
        let statuses = try await harness.deliverQueued()
        #expect(statuses.count == chats.count && statuses.allSatisfy { $0 == 200 })
        #expect(await harness.base.waitUntilProcessed(ids, timeout: .seconds(30)))
        #expect(await harness.base.waitUntilSent(timeout: .seconds(30)))
        for user in chats { #expect(harness.base.server.messages(inChat: user.id).count == 1, "chat \(user.id)") }
        #expect(harness.base.server.getUpdatesCount == 0)
        #expect(try await harness.pendingCount() == 0)
        await harness.stop(task)
    }

    @Test func updatesStoredWhileTheWorkerWasDownAreHandledWhenItStarts() async throws {
        let harness = try WebhookHarness()
        // The webhook answered these while no worker ran (a crash after the 200): only the inbox holds them.
        for (index, chat) in [31, 32, 33].enumerated() {
            #expect(try await harness.post(Self.helpUpdate(id: 700 + Int64(index), chat: Int64(chat))).status == 200)
        }
        #expect(try await harness.pendingCount() == 3)
        let task = harness.base.start()
        #expect(await harness.base.waitUntilProcessed([700, 701, 702]))
        #expect(await harness.base.waitUntilSent())
        for chat in [31, 32, 33] { #expect(harness.base.server.messages(inChat: Int64(chat)).count == 1) }
        #expect(try await harness.pendingCount() == 0)
        await harness.stop(task)
    }

    @Test func anUpdateThatCrashedTheWorkerTwiceIsSetAsideInWebhookModeToo() async throws {
        let harness = try WebhookHarness()
        // Two starts that never finished: what two crashes in its handler leave behind.
        for _ in 0..<2 {
            _ = try await harness.base.store.beginAttempt(kind: "telegram.update", itemID: "800", chatKey: "telegram:55", maxAttempts: 2)
        }
        #expect(try await harness.post(Self.helpUpdate(id: 800, chat: 55)).status == 200)
        let task = harness.base.start()
        #expect(await harness.base.waitForMessages(1, inChat: 55))
        #expect(await harness.base.waitUntilProcessed([800]))
        #expect(harness.base.server.texts(inChat: 55) == [TelegramPoller.setAsideText])
        #expect(try await harness.base.store.setAsideItems().map(\.itemID) == ["800"])
        // The chat keeps being served.
        #expect(try await harness.post(Self.helpUpdate(id: 801, chat: 55)).status == 200)
        #expect(await harness.base.waitForMessages(2, inChat: 55))
        #expect(harness.base.server.texts(inChat: 55).count == 2)
        #expect(try await harness.pendingCount() == 0)
        await harness.stop(task)
    }

    @Test func hostileBodiesAreRefusedAndNothingIsStored() async throws {
        let harness = try WebhookHarness(maxBodyBytes: 64 * 1024)
        let huge = try? await harness.post(Array(repeating: UInt8(ascii: "a"), count: 2_000_000))
        if let huge { #expect(huge.status == 413) }
        #expect(try await harness.post(Array("not json at all".utf8)).status == 400)
        #expect(try await harness.post(Array("{\"update_id\":".utf8)).status == 400)
        #expect(try await harness.post(["message": ["text": "no id"]]).status == 400)
        #expect(try await harness.post(["update_id": "12"]).status == 400)
        #expect(try await harness.post(["update_id": -5]).status == 400)
        #expect(try await harness.post(.array([["update_id": 1]])).status == 400)
        #expect(try await harness.post([]).status == 400)
        #expect(try await harness.pendingCount() == 0)
        // Still serving afterwards.
        #expect(try await harness.post(Self.helpUpdate(id: 900, chat: 99)).status == 200)
        #expect(try await harness.pendingCount() == 1)
        await harness.stop(nil)
    }

    @Test func theSecretComparisonChecksEveryByteAndTheLength() {
        let secret = WebhookSecret("abc_DEF-123")!
        #expect(secret.matches("abc_DEF-123"))
        #expect(!secret.matches("abc_DEF-124"))
        #expect(!secret.matches("bbc_DEF-123"))
        #expect(!secret.matches("abc_DEF-12"))
        #expect(!secret.matches("abc_DEF-1234"))
        #expect(!secret.matches(""))
        #expect(WebhookSecret("has space") == nil)
        #expect(WebhookSecret(String(repeating: "a", count: 257)) == nil)
        #expect(WebhookSecret("") == nil)
        #expect(!"\(secret)".contains("abc"))
    }
}
