@testable import Chat
import Foundation
import Testing

/// The words people type for a command lead to the bot's own commands, in every language.
@Suite struct CommandWordsTests {
    @Test func everyCommandWithWordsIsOneTheBotHas() async throws {
        // The voting harness has votes and the daily outfit, the try-on one try-on; both have the rest.
        let voting = try VotingHarness()
        defer { voting.remove() }
        let tryOn = try TryOnHarness()
        let names = Set([voting.router, tryOn.router].flatMap { $0.commands.map(\.name) })
        for command in CommandSuggestion.words.keys { #expect(names.contains(command), "/\(command)") }
        await tryOn.close()
    }

    @Test(arguments: [
        ("/entfernen 3", "de", "/entfernen kenne ich nicht. Meintest du /remove 3?"),
        ("/cancella 3", "it", "Non conosco /cancella. Intendevi /remove 3?"),
        ("/ajouter veste bleue", "fr", "Je ne connais pas /ajouter. Tu voulais dire /add veste bleue ?"),
        ("/estadísticas", "es", "No conozco /estadísticas. ¿Querías decir /stats?"),
        ("/getragen 2", "de", "/getragen kenne ich nicht. Meintest du /wore 2?"),
    ])
    func anUnknownCommandInTheUsersLanguageGetsTheOneMeant(_ line: String, _ language: String, _ reply: String) async throws {
        let bot = try BotHarness()
        await bot.say("/language \(language)")
        await bot.say(line)
        #expect(bot.lastText == reply)
    }
}
