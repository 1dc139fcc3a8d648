import Bot
import Chat
import Closet
import Foundation
import JSON
import Schedule
import Storage
import Testing
import WardrobeTestKit

@Suite struct WoreCommandTests {
    static func log(_ bot: BotHarness, user: String = "ana") async throws -> [WearRecord] {
        guard let record = try await bot.store.user(key: "console:\(user)") else { return [] }
        return try await bot.store.wears(userID: record.id)
    }

    @Test func aWearIsDatedByTheChatsTimeZoneAtAMonthBoundary() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        await bot.say("/wore 1")
        #expect(bot.lastText == "Noted: #1 White shirt worn today (2026-04-01), 1× in all. /stats 1 shows its history.")
        await bot.say("/wore 1 yesterday")
        #expect(bot.lastText.hasPrefix("Noted: #1 White shirt worn on 2026-03-31, 2× in all."))
        #expect(try await Self.log(bot).map { "\($0.date) \($0.source.rawValue)" } == ["2026-03-31 command", "2026-04-01 command"])
        // In UTC it is still 31 March, already logged.
        let ana = try #require(try await bot.store.user(key: "console:ana"))
        let chat = try await bot.store.chat(transport: "console", externalID: "ana", kind: .privateChat)
        try await bot.store.setChatSettings(["timezone": "UTC"], chatID: chat.id)
        await bot.say("/wore 1")
        #expect(bot.lastText == "#1 White shirt is already logged today (2026-03-31): a piece counts once a day.")
        #expect(try await bot.store.item(userID: ana.id, number: 1)?.wearCount == 2)
    }

    @Test(arguments: [
        ("/wore", "Use /wore N [date]"),
        ("/wore 1 2026-04-01 again", "I read dates like 2026-10-31, 31.10., 31/10"),
        ("/wore 1 in the morning of the first day of spring", "Use /wore N [date]"),
        ("/wore 1 2026-04-02", "2026-04-02 is in the future."),
        ("/wore 1 2099-01-01", "2099-01-01 is in the future."),
        ("/wore 1 1999-12-31", "I only log wears from 2000-01-01 on."),
        ("/wore 1 2026-02-30", "There is no 30 February 2026: February has 28 days."),
        ("/wore 1 31.13.2026", "I read dates like"),
        ("/wore 1 tomorrow", "I read dates like"),
        ("/wore 1 ２０２６-03-01", "I read dates like"),
        ("/wore 1 " + String(repeating: "9", count: 300), "I read dates like"),
        ("/wore 99", "You have no item #99."),
        ("/wore 0", "Give the item number"),
        ("/wore -1", "Give the item number"),
        ("/wore 99999999999999999999999", "You have no item #99999999999…."),
        ("/wore shirt", "Give the item number"),
    ])
    func aBadWoreIsRefusedWithAClearLineAndLogsNothing(line: String, reply: String) async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        await bot.say(line)
        #expect(bot.lastText.hasPrefix(reply), "\(line) → \(bot.lastText)")
        #expect(try await Self.log(bot).isEmpty)
        #expect(try await bot.closet().allSatisfy { $0.wearCount == 0 })
    }

    @Test func pressingIWoreThisTwiceTheSameDayCountsOnceAndAgainTheNextDay() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/outfit business")
        try await bot.press("I wore this")
        #expect(bot.lastText.hasPrefix("Noted: "))
        let worn = try await bot.closet().filter { $0.wearCount == 1 }.map(\.number)
        #expect(worn.count >= 3)
        try await bot.press("I wore this")
        #expect(bot.lastText == "Already noted: these pieces are logged for today (2027-01-15). A piece counts once a day.")
        #expect(try await bot.closet().filter { $0.wearCount > 0 }.map(\.number) == worn)
        #expect(try await bot.closet().allSatisfy { $0.wearCount <= 1 })
        bot.clock.advance(by: 86_400)
        try await bot.press("I wore this")
        #expect(bot.lastText.hasPrefix("Noted: \(worn.count) pieces worn today (2027-01-16)."))
        #expect(try await bot.closet().filter { $0.wearCount == 2 }.map(\.number) == worn)
        let log = try await Self.log(bot)
        #expect(log.count == 2 * worn.count)
        #expect(log.allSatisfy { $0.source == .button })
    }

    @Test func theExportCarriesTheWearLogAndStillImports() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        for line in WearHistoryFixture.history { await bot.say(line) }
        await bot.say("/export")
        guard case .document(_, let bytes, _, let caption) = try #require(bot.transport.messages.last) else {
            Issue.record("expected a document")
            return
        }
        #expect(caption?.plainText == "Your closet: 4 pieces, 6 logged wears.")
        let text = String(decoding: bytes, as: UTF8.self)
        let wears = try #require(try JSON.parse(text)["wears"]?.array)
        let rows = wears.map { "\($0["item"]?.int ?? 0) \($0["date"]?.string ?? "") \($0["source"]?.string ?? "")" }
        #expect(rows == [
            "2 2025-04-15 command", "3 2025-12-24 command", "2 2026-03-01 command", "1 2026-03-31 command", "2 2026-03-31 command",
            "1 2026-04-01 command",
        ])
        let again = try ClosetCodec.importItems(jsonText: text, importedAt: Date())
        #expect(again.map(\.wearCount) == [2, 3, 1, 0])
    }

    @Test func removingAWornPieceSaysItsWearLogGoesWithIt() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        await bot.say("/remove 2")
        let unworn = bot.lastText
        await bot.say("/wore 1")
        await bot.say("/wore 1 yesterday")
        await bot.say("/remove 1")
        #expect(bot.lastText == "Delete #1 White shirt and its 2 logged wears? This can't be undone.", "\(bot.lastText)")
        #expect(!unworn.contains("wear"), "\(unworn)")
        try await bot.press("Delete #1")
        #expect(try await Self.log(bot).isEmpty)
        await bot.say("/language de")
        await bot.say("/wore 2")
        await bot.say("/remove 2")
        #expect(bot.lastText.hasPrefix("#2 ") && bot.lastText.contains("und 1 notierten Tragetag löschen?"), "\(bot.lastText)")
    }

    @Test func forgetDeletesTheWearLog() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        for line in WearHistoryFixture.history { await bot.say(line) }
        let count = { try bot.store.database.sync { try $0.first("SELECT count(*) AS n FROM wears")?.int("n") ?? -1 } }
        #expect(try count() == 6)
        await bot.say("/forget")
        try await bot.press("Delete everything")
        #expect(bot.lastText.hasPrefix("Done."))
        #expect(try count() == 0)
    }
}
