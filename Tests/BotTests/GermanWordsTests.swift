import Closet
import Foundation
import Localization
import Schedule
import Testing

@testable import Bot

/// A German speaker types as they speak: inflected colors, German category names, dates day first.
@Suite struct GermanWordsTests {
    @Test func inflectedColorWordsAndGermanCategoryNamesAreUnderstood() async throws {
        let bot = try BotHarness()
        await bot.say("/language de")
        await bot.say("/add blaue Jeans")
        #expect(!bot.lastText.contains("noch unklar"), "blaue is blue")
        try await bot.press("✅ Speichern")
        await bot.say("/add weißes Hemd")
        try await bot.press("✅ Speichern")
        await bot.say("/add camicia bianca")
        try await bot.press("✅ Speichern")
        let closet = try await bot.closet()
        #expect(closet.map(\.color.family) == [.blue, .white, .white])
        await bot.say("/closet hosen")
        #expect(bot.lastText.contains("Blaue Jeans") && !bot.lastText.contains("Hemd"))
        await bot.say("/closet oberteile")
        #expect(bot.lastText.contains("Weißes Hemd"))
        await bot.say("/edit 1 category Schuhe")
        #expect(try await bot.closet().first?.category == .shoes)
        // A garment word sets the kind with the category; fit and pattern take words the rules know.
        await bot.say("/edit 2 category Mütze")
        let cap = try #require(try await bot.closet().first { $0.number == 2 })
        #expect(cap.category == .accessory && cap.subcategory == "hat")
        #expect(bot.lastText == "#2 geändert: Kategorie ist jetzt Accessoire (hat).")
        await bot.say("/edit 1 pattern gestreift")
        await bot.say("/edit 1 fit skinny")
        let jeans = try #require(try await bot.closet().first)
        #expect(jeans.pattern == .stripe && jeans.fit == .slim)
        await bot.say("/edit 1 fit riesig")
        #expect(bot.lastText == "Passform muss eines davon sein: schmal, normal, locker, oversized.", "\(bot.lastText)")
        // The names the card shows are what the reply lists, so they are accepted too; so are German field names.
        await bot.say("/edit 1 passform locker")
        #expect(try await bot.closet().first?.fit == .relaxed)
        await bot.say("/edit 1 marke Levi's")
        #expect(bot.lastText == "#1 geändert: Marke ist jetzt Levi's.")
        await bot.say("/edit 1 marke keine")
        #expect(bot.lastText == "#1 geändert: jetzt ohne Marke.")
        #expect(try await bot.closet().first?.brand == nil)
    }

    @Test func datesWrittenDayFirstAndTheDayBeforeYesterdayAreRead() throws {
        let today = try #require(LocalDate(text: "2026-12-02"))
        let german = Phrasebook(catalogs: .builtIn, language: .de)
        let day = { (text: String) throws -> String in
            guard case .day(let day) = try WearCalendar.day(text, today: today, words: german) else { return "two days" }
            return day.description
        }
        #expect(try day("31.10.2026") == "2026-10-31")
        #expect(try day("31/10/26") == "2026-10-31")
        #expect(try day("1.2.") == "2026-02-01")
        #expect(try day("vorgestern") == "2026-11-30")
        #expect(throws: LocalizedUserMessageError.self) { try day("31.02.2026") }
        #expect(throws: LocalizedUserMessageError.self) { try day("10.2026") }
        #expect(throws: LocalizedUserMessageError.self) { try day("31.12.2026") }
    }
}
