@testable import Bot
import Chat
import Localization
import Testing

/// `/help` on the shipped bot: a short overview that names every listed command, one command's details on
/// request, and the whole list with `/help all`, in every language.
@Suite struct HelpTests {
    @Test(arguments: Language.allCases)
    func theOverviewFitsAPhoneScreenAndNamesEveryListedCommand(_ language: Language) async throws {
        let bot = try BotHarness()
        await bot.say("/language \(language.rawValue)")
        await bot.say("/help")
        let help = bot.lastText
        let lines = help.split(separator: "\n", omittingEmptySubsequences: true)
        // A title, one line per topic, the hint and the console's choices line: about a third of the full list.
        #expect(lines.count <= 9, "\(help)")
        for command in bot.router.helpCommands where command.name != "help" {
            #expect(help.contains("/\(command.name) ") || help.contains("/\(command.name)\n"), "\(language): /\(command.name) missing in \(help)")
        }
        let topics = Set(bot.router.helpCommands.map(\.topic))
        for topic in HelpTopic.allCases where topics.contains(topic) {
            let title = Catalogs.builtIn.string("chat.help.topic.\(topic.rawValue)", in: language)
            // French puts a space before the colon.
            #expect(help.contains(title + (language == .fr ? " :" : ":")), "\(language) \(topic)")
        }
        // Each command is named once: no line repeats another's command.
        let named = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("/") && !$0.hasPrefix("/help") }
        #expect(Set(named).count == named.count, "\(named)")

        await bot.say("/help \(Catalogs.builtIn.string("chat.help.all_word", in: language))")
        let all = bot.lastText
        for command in bot.router.helpCommands {
            #expect(all.contains(command.helpLine(in: language)), "\(language): \(command.name)")
        }
        await bot.say("/help outfit")
        #expect(bot.lastText == bot.router.helpCommands.first { $0.name == "outfit" }?.helpLine(in: language))
    }

    @Test func aTopicIsExplainedByItsNameInTheUsersLanguageOrInEnglish() async throws {
        let bot = try BotHarness()
        await bot.say("/help Outfits")
        #expect(bot.lastText.hasPrefix("Outfits\n/outfit OCCASION [N] — "), "\(bot.lastText)")
        #expect(bot.lastText.contains("/occasions — "))
        #expect(!bot.lastText.contains("/closet"))
        await bot.say("/language de")
        await bot.say("/help Kleiderschrank")
        #expect(bot.lastText.hasPrefix("Kleiderschrank\n"), "\(bot.lastText)")
        #expect(bot.lastText.contains("/remove N — ein Teil löschen"))
        await bot.say("/help closet")
        #expect(bot.lastText.hasPrefix("/closet [category] [page] — deine Teile anzeigen"))
    }

    @Test func startGreetsAndGivesTheOverviewNotTheWholeList() async throws {
        let bot = try BotHarness()
        await bot.say("/start")
        let start = bot.lastText
        #expect(start.hasPrefix("Hi, I'm Wardrobe."))
        #expect(start.contains("Outfits: /outfit"))
        #expect(!start.contains("— an outfit from your closet"))
    }
}
