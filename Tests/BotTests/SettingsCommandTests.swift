@testable import Bot
import Chat
import Localization
import Testing

/// `/settings`: one line per setting with the command that changes it, following what the other commands set.
@Suite struct SettingsCommandTests {
    @Test func theLinesFollowLanguageTimeZoneAndDailyChanges() async throws {
        let bot = try VotingHarness()
        await bot.say("/settings", user: "ana", chat: "ana", kind: .privateChat)
        var text = try #require(bot.transport.texts.last)
        #expect(text.hasPrefix("Your settings\nLanguage: English · /language\nTime zone: UTC · /timezone\nDaily outfit: off"), "\(text)")
        #expect(text.hasSuffix("/forget deletes everything I keep about you."))

        await bot.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        await bot.say("/daily 08:15 weekdays dinner", user: "ana", chat: "ana", kind: .privateChat)
        await bot.say("/language de", user: "ana", chat: "ana", kind: .privateChat)
        await bot.say("/settings", user: "ana", chat: "ana", kind: .privateChat)
        text = try #require(bot.transport.texts.last)
        #expect(text.hasPrefix("Deine Einstellungen\nSprache: Deutsch, von dir gewählt · /language"), "\(text)")
        #expect(text.contains("Zeitzone: Europe/Berlin · /timezone"))
        #expect(text.contains("Tages-Outfit: 08:15, montags bis freitags, Abendessen zu zweit · /daily"), "\(text)")
        #expect(!text.contains("Tages-Outfit: aus"))
    }

    @Test func theAppsLanguageIsSaidToBeTheApps() async throws {
        let bot = try VotingHarness()
        await bot.say("/settings", user: "ana", chat: "ana", kind: .privateChat, language: .it)
        let text = try #require(bot.transport.texts.last)
        #expect(text.hasPrefix("Le tue impostazioni\nLingua: Italiano, quella della tua app · /language"), "\(text)")
    }

    @Test func tryOnServiceStyleAndWhichServicesHaveTheUsersOwnKey() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("settings")
        #expect(bot.transport.texts.last?.contains("Try-on: OpenRouter, style Default · /service /prompt") == true)
        #expect(bot.transport.texts.last?.contains("Your own AI keys: none · /key") == true)
        await bot.command("prompt", "fashion")
        await bot.command("key", "gemini AIzaSyA-0123456789abcdefghijklmnopqrstu")
        await bot.command("settings")
        let text = try #require(bot.transport.texts.last)
        #expect(text.contains("style Fashion"), "\(text)")
        #expect(text.contains("Your own AI keys: Gemini · /key"), "\(text)")
        // Which services have a key, never the key or its end.
        #expect(!text.contains("rstu"))
    }
}
