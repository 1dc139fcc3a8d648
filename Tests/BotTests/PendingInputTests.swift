@testable import Bot
import Chat
import Foundation
import Testing
import WardrobeTestKit

/// A command starts something new: what the bot was waiting for before (numbered choices, a typed
/// size, a photo for a piece) no longer takes the next message.
@Suite(.serialized) struct PendingInputTests {
    /// A bot whose console person (`console:local`) has the example closet, with what the console prints.
    static func stockedConsole() async throws -> (BotHarness, LineRecorder, ConsoleTransport) {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot, user: "local")
        let lines = LineRecorder()
        return (bot, lines, ConsoleTransport(outputFolder: "\(bot.folder)/console") { lines.append($0) })
    }

    @Test func aNumberTypedAfterAnotherCommandDoesNotAnswerAnOldConfirmation() async throws {
        let (bot, _, console) = try await PendingInputTests.stockedConsole()
        let before = try await bot.closet(of: "local").count
        await FrenchConsoleTests.type(["/remove 3", "/closet", "1"], bot: bot, console: console)
        #expect(try await bot.closet(of: "local").count == before, "the confirmation of /remove 3 was still armed")
        // Right after the question, 1 still answers it.
        await FrenchConsoleTests.type(["/remove 3", "1"], bot: bot, console: console)
        #expect(try await bot.closet(of: "local").count == before - 1)
        #expect(try await bot.closet(of: "local").contains { $0.number == 3 } == false)
    }

    @Test func aCommandCancelsAPhotoThePieceWasWaitingFor() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/edit 2 photo")
        await bot.say("/closet")
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let chat = try await bot.store.chat(transport: "console", externalID: "ana", kind: .privateChat)
        let state = try await bot.store.chatState(chatID: chat.id, userID: user.id)
        #expect(state["item_photo"] == nil || state["item_photo"] == .null, "\(state)")
    }

    @Test func cancelSaysWhetherTheBotWasWaitingAndAnOldConfirmationNoLongerAnswers() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        let before = try await bot.closet().count
        await bot.say("/cancel")
        #expect(bot.lastText == "Nothing to cancel: I wasn't waiting for anything from you. Send /help to see what I can do.")
        // The console and Matrix answer by number: the confirmation of /remove 3 is pending until /cancel.
        await bot.say("/remove 3")
        await bot.say("/cancel")
        #expect(bot.lastText == "Cancelled. I'm no longer waiting for your answer.")
        await bot.say("1")
        #expect(try await bot.closet().count == before)
        await bot.say("/edit 2 photo")
        await bot.say("/language de")
        await bot.say("/cancel")
        #expect(bot.lastText == "Nichts abzubrechen: Ich habe auf nichts von dir gewartet. Schick /help, um zu sehen, was ich kann.")
        await bot.say("/edit 2 photo")
        await bot.say("/cancel")
        #expect(bot.lastText == "Abgebrochen. Ich warte nicht mehr auf deine Antwort.")
    }

    @Test func cancelIsInTheCommandMenuButNotInHelpAndItsWordsSuggestIt() async throws {
        let bot = try BotHarness()
        #expect(bot.router.listedCommands.map(\.name).contains("cancel"))
        #expect(!bot.router.helpCommands.map(\.name).contains("cancel"))
        await bot.say("/help")
        #expect(!bot.lastText.contains("/cancel"))
        for word in ["abbrechen", "annuler", "cancelar", "annulla", "stop"] {
            await bot.say("/\(word)")
            #expect(bot.lastText == "I don't know /\(word). Did you mean /cancel?")
        }
    }
}

/// Numbers as people type them: out of range, too long, in another script.
@Suite(.serialized) struct TypedNumberTests {
    @Test func aNumberBeyondTheOfferedChoicesSaysWhichOnesThereAre() async throws {
        let (bot, lines, console) = try await PendingInputTests.stockedConsole()
        let before = try await bot.closet(of: "local").count
        await FrenchConsoleTests.type(["/remove 3", "7"], bot: bot, console: console)
        #expect(lines.all.last == "Type a number from 1 to 2, or send a command.", "\(lines.all.suffix(2))")
        #expect(try await bot.closet(of: "local").count == before)
    }

    @Test func digitsOfOtherScriptsAndHugeCountsAreRead() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/item ３")
        #expect(bot.transport.readable.contains { $0.contains("#3") }, "\(bot.lastText)")
        await bot.say("/edit 1 warmth ٤")
        #expect(try await bot.closet().first?.warmth == 4, "\(bot.lastText)")
        await bot.say("/outfit business 99999999999999999999")
        #expect(bot.lastText.contains("1") && bot.lastText.contains("5") && !bot.lastText.contains("occasion"), "\(bot.lastText)")
    }
}
