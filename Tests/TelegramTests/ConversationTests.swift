import Bot
import Chat
import Foundation
import Storage
import Testing
import WardrobeTestKit

/// End to end: the real router and features behind the Telegram worker and the fake Bot API.
@Suite(.serialized) struct ConversationTests {
    @Test func startAndHelpAnswerAndTheCommandMenuIsPublished() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = FakeUser.ana.id
        harness.server.sendText("/start")
        harness.server.sendText("/help")
        #expect(await harness.waitForMessages(2, inChat: chat))
        let texts = harness.server.texts(inChat: chat)
        try #require(texts.count >= 2)
        #expect(texts[0].hasPrefix("Hi, I'm Wardrobe."))
        #expect(texts[1].hasPrefix("Commands\nCloset: /closet"))
        #expect(texts[1].contains("/forget"))
        #expect(texts[0].contains("Outfits: /outfit"))
        #expect(harness.server.commandMenu.contains("start"))
        #expect(harness.server.commandMenu.contains("forget"))
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func outfitWithAnEmptyClosetSaysSo() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        harness.server.sendText("/outfit business")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        let reply = harness.server.texts(inChat: FakeUser.ana.id).first ?? ""
        #expect(reply.lowercased().contains("closet"))
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func groupCommandsWithTheBotNameWorkAndOtherBotsCommandsAndChatterAreIgnored() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let group = FakeChat.group(-100_200)
        let ignored = [
            harness.server.sendText("/help@some_other_bot", chat: group),
            harness.server.sendText("nice weather today", chat: group, from: .ben),
        ]
        harness.server.sendText("/help@wardrobe_test_bot", chat: group)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        #expect(await harness.waitUntilProcessed(ignored))
        let messages = harness.server.messages(inChat: group.id)
        try #require(messages.count == 1)
        #expect(messages[0].text.contains("Outfits: /outfit"))
        // In groups a reply names the message it answers.
        #expect(messages[0].replyTo != nil)
        await harness.stop(task)
    }

    @Test func userTextIsEscapedInHTML() async throws {
        let harness = try TelegramHarness(router: { environment in
            var builder = RouterBuilder()
            builder.add(Command("echo", summary: "repeats") { context, arguments in
                try await context.reply(.bold("You said: ") + .plain(arguments))
            })
            return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
        })
        let task = harness.start()
        harness.server.sendText("/echo <b>bold</b> & \"quotes\" </i>")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        let message = try #require(harness.server.messages(inChat: FakeUser.ana.id).first)
        #expect(message.text == "You said: <b>bold</b> & \"quotes\" </i>")
        #expect(message.html.hasPrefix("<b>You said: </b>&lt;b&gt;"))
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func aMentionOrAReplyInAGroupIsTextForTheBot() async throws {
        let texts = TextLog()
        let harness = try TelegramHarness(router: { environment in
            var builder = RouterBuilder()
            builder.onText { context, text in
                await texts.add(text)
                try await context.reply("heard \(text)")
                return true
            }
            return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
        })
        let task = harness.start()
        let group = FakeChat.group(-100_300)
        harness.server.sendText("@wardrobe_test_bot what should I wear", chat: group)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        let botMessage = try #require(harness.server.messages(inChat: group.id).first)
        harness.server.sendText("and tomorrow?", chat: group, replyTo: botMessage.messageID)
        #expect(await harness.waitForMessages(2, inChat: group.id))
        #expect(await texts.all == ["what should I wear", "and tomorrow?"])
        await harness.stop(task)
    }

    @Test func aGroupMessageAddressedToTheBotGetsSmallTalkOrTheFallbackLikeAPrivateOne() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let group = FakeChat.group(-100_301)
        harness.server.sendText("hello everyone", chat: group)
        harness.server.sendText("@wardrobe_test_bot hi", chat: group)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        harness.server.sendText("@wardrobe_test_bot what should I wear to work?", chat: group)
        #expect(await harness.waitForMessages(2, inChat: group.id))
        harness.server.sendText("@wardrobe_test_bot xyzzy", chat: group)
        #expect(await harness.waitForMessages(3, inChat: group.id))
        let texts = harness.server.texts(inChat: group.id)
        #expect(texts.count == 3, "chatter not addressed to the bot gets nothing: \(texts)")
        #expect(texts.first?.hasPrefix("Hi! Paste a shop link") == true)
        #expect(texts.dropFirst().first?.lowercased().contains("closet") == true, "an empty closet is said so")
        #expect(texts.last == "I didn't catch that. Send /help to see what I can do.")
        await harness.stop(task)
    }

    @Test func anEditedMessageIsNotHandledAgainAndMembershipChangesAreLogged() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let edit = harness.server.editText("/help")
        let blocked = harness.server.changeMembership(chat: .privateChat(.ben), from: .ben, old: "member", new: "kicked")
        #expect(await harness.waitUntilProcessed([edit, blocked]))
        #expect(harness.server.messages().isEmpty)
        #expect(!harness.logLines(containing: "bot blocked by the user").isEmpty)
        await harness.stop(task)
    }
}

/// Collects texts across tasks.
actor TextLog {
    private(set) var all: [String] = []
    func add(_ text: String) { all.append(text) }
}
