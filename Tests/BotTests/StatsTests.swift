@testable import Bot
import Chat
import Closet
import Foundation
import Images
import Schedule
import Storage
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct StatsTests {
    /// Ana's closet with the fixture's history, logged through `/wore`.
    static func history() async throws -> BotHarness {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        for line in WearHistoryFixture.history {
            await bot.say(line)
            #expect(bot.lastText.hasPrefix("Noted: "), "\(line) → \(bot.lastText)")
        }
        return bot
    }

    @Test func statsAnswersWithOneChartAndACaptionOfTheKnownFigures() async throws {
        let bot = try await Self.history()
        bot.transport.reset()
        await bot.say("/stats")
        let photos = bot.transport.messages.compactMap { message -> (OutgoingImage, String?)? in
            if case .photos(let images, let caption, _) = message, images.count == 1 { return (images[0], caption?.plainText) }
            return nil
        }
        try #require(photos.count == 1, "exactly one chart")
        let (chart, caption) = photos[0]
        let text = try #require(caption)
        #expect(text.count <= 1024)
        #expect(text.hasPrefix("Wear statistics, 2026-04-01"))
        #expect(text.contains("4 pieces · 6 wears · 1 not worn in 90 days · 1 never worn"), "\(text)")
        #expect(text.contains("Most worn: #2 Navy chinos 3×, #1 White shirt 2×, #3 Brown loafers 1×"))
        #expect(text.contains("Least worn: #4 Silk scarf 0×"))
        #expect(text.contains("Not worn in 90 days: #4, #3"))
        #expect(text.contains("Cost per wear: €24.00 (2 pieces), $120.00 (1 piece)"))
        #expect(text.contains("Busiest month: March 2026 (3 wears)"))
        // The chart is a phone-sized PNG that decodes.
        #expect(chart.mimeType == "image/png")
        let pixels = try PNGPixels(chart.bytes)
        #expect(pixels.width == 1080 && chart.width == 1080 && pixels.height == chart.height)
        #expect((1200...2600).contains(pixels.height))
        // The follow-up holds the full lists.
        let details = bot.lastText
        #expect(details.contains("• #4 Silk scarf: never worn"))
        #expect(details.contains("• #3 Brown loafers: last worn 2025-12-24"))
        #expect(details.contains("• #3 Brown loafers: $120.00 ÷ 1 = $120.00"))
        #expect(details.contains("• #2 Navy chinos: €80.00 ÷ 3 = €26.67"))
        #expect(details.contains("• #1 White shirt: €40.00 ÷ 2 = €20.00"))
        #expect(details.contains("By category: tops 1, bottoms 1, shoes 1, accessories 1"))
        #expect(details.contains("Wears per month: May 0, Jun 0, Jul 0, Aug 0, Sep 0, Oct 0, Nov 0, Dec 1, Jan 26 0, Feb 0, Mar 3, Apr 1"))
        #expect(details.contains("1 wear is older than 12 months"))
    }

    @Test func theFiguresFollowTheRulesForMostLeastIdleCostAndMonths() throws {
        let pieces = try WearHistoryFixture.pieces().enumerated().map { index, piece in
            var item = piece
            item.id = Int64(index + 1)
            item.number = index + 1
            item.wearCount = [2, 3, 1, 0][index]
            return item
        }
        let today = LocalDate(year: 2026, month: 4, day: 1)
        let days = ["2026-03-31", "2026-03-31", "2026-03-01", "2026-04-01", "2025-12-24", "2025-05-01", "2025-04-30"]
        let log = days.enumerated().map { index, text in
            WearRecord(itemID: 1, itemNumber: 1, date: LocalDate(text: text)!, source: .command, recordedAt: Date())
        }
        let stats = WearStatistics(
            items: pieces, log: log, lastLogged: [1: today, 2: LocalDate(year: 2026, month: 3, day: 31), 3: LocalDate(year: 2025, month: 12, day: 24)],
            today: today, zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(stats.mostWorn.map(\.item.number) == [2, 1, 3])
        #expect(stats.leastWorn.map(\.item.number) == [4])
        #expect(stats.idle.map(\.item.number) == [4, 3], "never worn first, then the longest idle")
        // 2025-05-01 is the window's first day and counts; 2025-04-30 is outside it; 31 March and 1 April fall apart.
        #expect(stats.months.map { "\($0.label) \($0.count)" }
            == ["May 1", "Jun 0", "Jul 0", "Aug 0", "Sep 0", "Oct 0", "Nov 0", "Dec 1", "Jan 26 0", "Feb 0", "Mar 3", "Apr 1"])
        #expect(stats.costPerWear.map { "#\($0.item.number) \($0.costPerWearText ?? "")" } == ["#3 120 USD", "#2 26.67 EUR", "#1 20 EUR"])
        #expect(stats.currencies.map { "\($0.currency ?? "-") \($0.pieces) \($0.perWearText ?? "")" } == ["EUR 2 24 EUR", "USD 1 120 USD"])
        #expect(stats.byColour.map(\.family) == [.white, .navy, .brown, .red])
        #expect(stats.totalWears == 6)
    }

    @Test func aPieceAddedLessThanNinetyDaysAgoIsNotCalledIdleAndAWearEightyNineDaysAgoStillCounts() throws {
        let today = LocalDate(year: 2026, month: 4, day: 1)
        let zone = TimeZone(identifier: "UTC")!
        func piece(_ number: Int, addedDaysAgo: Int) -> ClosetItem {
            var item = ClosetItem(name: "P\(number)", category: .top, formality: 2, color: ItemColor(name: "black", family: .black))
            item.id = Int64(number)
            item.number = number
            item.addedAt = ZonedTime.instant(of: LocalTime(hour: 9, minute: 0)!, on: today.adding(days: -addedDaysAgo), in: zone)
            return item
        }
        let stats = WearStatistics(
            items: [piece(1, addedDaysAgo: 10), piece(2, addedDaysAgo: 200), piece(3, addedDaysAgo: 200), piece(4, addedDaysAgo: 200)], log: [],
            lastLogged: [3: today.adding(days: -89), 4: today.adding(days: -90)], today: today, zone: zone)
        #expect(stats.idle.map(\.item.number) == [2, 4])
    }

    @Test func aLargeClosetKeepsTheCaptionUnderTheLimitAndTheFollowUpShort() throws {
        let today = LocalDate(year: 2026, month: 4, day: 1)
        let items = try (1...3000).map { number -> ClosetItem in
            var item = ClosetItem(
                name: String(repeating: "Very long piece name ", count: 5), category: .top, formality: 2,
                color: ItemColor(name: "black", family: .black), price: try Price(amount: Double(number), currency: number % 2 == 0 ? "EUR" : "GBP"))
            item.id = Int64(number)
            item.number = number
            item.wearCount = number % 3
            return item
        }
        let stats = WearStatistics(items: items, log: [], lastLogged: [:], today: today, zone: TimeZone(identifier: "UTC")!)
        let words = Phrasebook(catalogs: .builtIn, language: .en)
        let text = StatsText.overview(stats, words)
        #expect(text.caption.plainText.count <= 1024)
        #expect(text.details.contains("…and 2,975 more."), "3000 idle pieces (never worn with a date): 25 listed")
        #expect(text.details.count < 8000)
        #expect(StatsChart.overview(stats, words).rows.flatMap { $0 }.allSatisfy { $0.bars.count <= 12 })
    }

    @Test func onePieceGetsItsOwnChartAndCaption() async throws {
        let bot = try await Self.history()
        bot.transport.reset()
        await bot.say("/stats 2")
        guard case .photos(let images, let caption?, _) = try #require(bot.transport.messages.last) else {
            Issue.record("expected one chart")
            return
        }
        #expect(images.count == 1 && images[0].width == 1080)
        let text = caption.plainText
        #expect(text.hasPrefix("#2 Navy chinos\nWorn 3×"))
        #expect(text.contains("Last worn 2026-03-31 (1 days ago)") || text.contains("Last worn 2026-03-31 (yesterday)"))
        #expect(text.contains("First logged 2025-04-15"))
        #expect(text.contains("Cost per wear: €80.00 ÷ 3 = €26.67"))
        #expect(text.contains("Last 12 months: 2 wears — Mar 2"))
        await bot.say("/stats 4")
        #expect(bot.lastText == "#4 Silk scarf hasn't been worn yet. /wore 4 logs a wear.")
        await bot.say("/stats 1 2")
        #expect(bot.lastText.hasPrefix("Use /stats for your whole closet"))
        await bot.say("/stats 77")
        #expect(bot.lastText == "You have no item #77. /closet lists your pieces.")
    }

    @Test func anEmptyClosetOrNoWearsGetHelpfulTextAndNoChart() async throws {
        let bot = try BotHarness()
        await bot.say("/stats")
        #expect(bot.lastText.hasPrefix("Your closet is empty, so there is nothing to count yet."))
        try await WearHistoryFixture.stock(bot)
        await bot.say("/stats")
        #expect(bot.lastText.hasPrefix("No wears logged yet for your 4 pieces."))
        #expect(bot.transport.photos.isEmpty)
    }

    @Test func theConsoleSavesTheChartUnderTheDataFolderAndPrintsItsPath() async throws {
        let bot = try await Self.history()
        let lines = Mutex<[String]>([])
        let console = ConsoleTransport(outputFolder: "\(bot.folder)/console") { line in lines.withLock { $0.append(line) } }
        let event = try #require(console.event(for: "/stats", number: 1))
        // The console is its own chat (console:local): give that user the history too.
        let local = try await bot.store.user(transport: "console", externalID: "local")
        let pieces = try await bot.store.addItems(try WearHistoryFixture.pieces(), userID: local.id)
        _ = try await bot.store.recordWears(
            userID: local.id, itemIDs: [pieces[0].id], on: LocalDate(year: 2026, month: 3, day: 31), at: WearHistoryFixture.lateMarchUTC,
            source: .command, now: WearHistoryFixture.lateMarchUTC)
        await bot.router.handle(event, via: console)
        let output = lines.withLock { $0 }
        let line = try #require(output.first { $0.hasPrefix("🖼  ") })
        let path = try #require(line.dropFirst(3).split(separator: " ").first.map(String.init))
        #expect(path.hasPrefix("\(bot.folder)/console/") && path.hasSuffix(".png"))
        #expect(line.contains("(1080×"))
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(try PNGPixels(Array(bytes)).width == 1080)
        #expect(output.contains { $0.hasPrefix("Wear statistics, 2026-03-31") }, "the caption follows the image (UTC: still 31 March)")
    }
}
