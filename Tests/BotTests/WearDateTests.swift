@testable import Bot
import Foundation
import Localization
import Schedule
import Testing

/// The days people write after `/wore N`, in the five languages, and what the bot says when a day is none.
@Suite struct WearDateTests {
    /// 2026-04-01, a Wednesday, as in `WearHistoryFixture`.
    static let today = LocalDate(text: "2026-04-01")!

    static func read(_ text: String, _ language: Language = .de) throws -> WearDay {
        try WearDateWords.read(text, today: today, language: language)
    }

    @Test(arguments: [
        ("heute", "2026-04-01"), ("day before yesterday", "2026-03-30"), ("l'altro ieri", "2026-03-30"), ("avant hier", "2026-03-30"),
        ("3 days ago", "2026-03-29"), ("vor 3 Tagen", "2026-03-29"), ("il y a 3 jours", "2026-03-29"), ("hace 3 días", "2026-03-29"),
        ("3 giorni fa", "2026-03-29"), ("monday", "2026-03-30"), ("last monday", "2026-03-30"), ("letzten Montag", "2026-03-30"),
        ("am Montag", "2026-03-30"), ("lundi dernier", "2026-03-30"), ("el lunes pasado", "2026-03-30"), ("lo scorso lunedì", "2026-03-30"),
        ("wednesday", "2026-04-01"), ("last wednesday", "2026-03-25"), ("mercredi dernier", "2026-03-25"), ("Sonntag", "2026-03-29"),
        ("2026-03-14", "2026-03-14"), ("2026-3-1", "2026-03-01"), ("31.10.2025", "2025-10-31"), ("31.10.", "2025-10-31"),
        ("31/10", "2025-10-31"), ("31-10-2025", "2025-10-31"), ("1.4.", "2026-04-01"), ("2.4.", "2025-04-02"), ("10/31", "2025-10-31"),
        ("29.02.2024", "2024-02-29"), ("12/3/2026", "2026-03-12"),
    ])
    func theCommonWaysOfWritingADayAreRead(_ text: String, _ date: String) throws {
        #expect(try Self.read(text) == .day(LocalDate(text: date)!), "\(text)")
    }

    @Test func anEnglishSlashDateWithBothPartsUpToTwelveReadsBothWays() throws {
        #expect(try Self.read("3/2/2026", .en) == .either(dayFirst: LocalDate(text: "2026-02-03")!, monthFirst: LocalDate(text: "2026-03-02")!))
        #expect(try Self.read("3.2.2026", .en) == .day(LocalDate(text: "2026-02-03")!))
        #expect(try Self.read("3/3/2026", .en) == .day(LocalDate(text: "2026-03-03")!))
        #expect(try Self.read("31/3", .en) == .day(LocalDate(text: "2026-03-31")!))
        #expect(try Self.read("3/31", .en) == .day(LocalDate(text: "2026-03-31")!))
    }

    @Test(arguments: [
        ("31.02.", WearDateProblem.noSuchDay(year: 2026, month: 2, day: 31)), ("29.02.2026", .noSuchDay(year: 2026, month: 2, day: 29)),
        ("2026-04-31", .noSuchDay(year: 2026, month: 4, day: 31)), ("31/04", .noSuchDay(year: 2025, month: 4, day: 31)),
        ("31.13.2026", .unreadable), ("tomorrow", .unreadable), ("10.31.", .unreadable), ("next monday", .unreadable), ("0.3.", .unreadable),
        ("32.1.", .unreadable), ("1.2.3.4", .unreadable), ("monday tuesday", .unreadable), ("vor drei Tagen", .unreadable),
    ])
    func aDateThatDoesNotExistIsToldApartFromOneNotRead(_ text: String, _ problem: WearDateProblem) {
        #expect(throws: problem) { try Self.read(text) }
    }

    @Test func woreSaysTheDateDoesNotExistAndListsTheFormsThatWork() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        await bot.say("/wore 1 31.02.")
        #expect(bot.lastText == "There is no 31 February 2026: February has 28 days. Give a real date, e.g. /wore 1 yesterday.")
        await bot.say("/wore 2 someday")
        #expect(bot.lastText
            == "I read dates like 2026-10-31, 31.10., 31/10, yesterday, monday or 3 days ago. E.g. /wore 2 yesterday.")
        await bot.say("/language de")
        await bot.say("/wore 1 31.02.")
        #expect(bot.lastText == "Den 31. Februar 2026 gibt es nicht: Der Februar hat 28 Tage. Gib ein echtes Datum an, z. B. /wore 1 gestern.")
        await bot.say("/language es")
        await bot.say("/wore 1 30/02")
        #expect(bot.lastText == "El 30 de febrero de 2026 no existe: febrero tiene 28 días. Indica una fecha real, p. ej. /wore 1 ayer.")
        await bot.say("/language fr")
        await bot.say("/wore 1 lundi dernier")
        #expect(bot.lastText.hasPrefix("Noté : #1 White shirt porté le 2026-03-30, 1× en tout."), "\(bot.lastText)")
        #expect(try await WoreCommandTests.log(bot).map(\.date.description) == ["2026-03-30"])
    }

    @Test func anAmbiguousEnglishDateIsAskedAndTheChosenDayLogged() async throws {
        let bot = try BotHarness()
        try await WearHistoryFixture.stock(bot)
        await bot.say("/wore 1 3/2/2026")
        #expect(bot.lastText.hasPrefix("Which day do you mean by 3/2/2026?"))
        #expect(bot.transport.lastButtons.map(\.title) == ["3 February 2026", "2 March 2026"])
        #expect(try await WoreCommandTests.log(bot).isEmpty)
        try await bot.press("2 March 2026")
        #expect(bot.lastText == "Noted: #1 White shirt worn on 2026-03-02, 1× in all. /stats 1 shows its history.")
        // 12/3/2026 is 12 March: 3 December is still to come, so there is nothing to ask.
        await bot.say("/wore 2 12/3/2026")
        #expect(bot.lastText.hasPrefix("Noted: #2 Navy chinos worn on 2026-03-12"))
        // A German speaker writes the day first: no question.
        await bot.say("/language de")
        await bot.say("/wore 3 3/2/2026")
        #expect(try await WoreCommandTests.log(bot).contains { $0.date.description == "2026-02-03" })
    }
}
