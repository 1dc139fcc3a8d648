import Bot
import Chat
import Foundation
import Testing
import WardrobeTestKit

/// Replies in the user's language over the fake Bot API: the app's `language_code`, `/language`, and the
/// per-language command menus.
@Suite(.serialized) struct LanguageOverTelegramTests {
    static let lena = FakeUser(id: 2001, firstName: "Lena", languageCode: "de-AT")

    @Test func aGermanSpeakingUserGetsGermanRepliesAndGermanCommandDescriptions() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = Self.lena.id
        harness.server.sendText("/start", from: Self.lena)
        harness.server.sendText("/help", from: Self.lena)
        harness.server.sendText("/unbekannt", from: Self.lena)
        #expect(await harness.waitForMessages(3, inChat: chat))
        let texts = harness.server.texts(inChat: chat)
        try #require(texts.count >= 3)
        #expect(texts[0].hasPrefix("Hallo, ich bin Wardrobe."))
        #expect(texts[1].hasPrefix("Befehle"))
        #expect(texts[1].contains("Kleiderschrank: /closet"))
        #expect(texts[1].contains("Einstellungen: /start /forget /language"))
        #expect(texts[1].contains("/help alle zeigt alle Befehle"))
        #expect(texts[2] == "/unbekannt kenne ich nicht. Schick /help, um zu sehen, was ich kann.")
        // The menus: English by default, and one per other language with its language_code.
        #expect(harness.server.commandMenuLanguages == ["de", "es", "fr", "it"])
        let german = harness.server.commandDescriptions(languageCode: "de")
        #expect(german["help"] == "alle Befehle anzeigen")
        #expect(german["language"]?.hasPrefix("Antworten auf Deutsch") == true)
        #expect(harness.server.commandDescriptions()["help"] == "list every command")
        // /cancel is left out of /help but is in every menu.
        #expect(!texts[1].contains("/cancel"))
        #expect(german["cancel"] == "abbrechen, worauf ich warte (eine Antwort, eine Auswahl)")
        #expect(harness.server.commandDescriptions()["cancel"] == "stop what I'm waiting for (a typed answer, a choice)")
        #expect(Set(german.keys) == Set(harness.server.commandMenu))
        #expect(harness.server.commandDescriptions(languageCode: "fr")["forget"] == "supprimer tout ce que je garde sur toi")
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func languageSwitchesToFrenchAndIsRememberedAcrossMessages() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = Self.lena.id
        harness.server.sendText("/language fr", from: Self.lena)
        #expect(await harness.waitForMessages(1, inChat: chat))
        harness.server.sendText("/help", from: Self.lena)
        #expect(await harness.waitForMessages(2, inChat: chat))
        harness.server.sendText("xyzzy?", from: Self.lena)
        #expect(await harness.waitForMessages(3, inChat: chat))
        let texts = harness.server.texts(inChat: chat)
        try #require(texts.count >= 3)
        #expect(texts[0] == "Désormais, je réponds en français.")
        #expect(texts[1].hasPrefix("Commandes"))
        #expect(texts[2] == "Je n'ai pas compris. Envoie /help pour voir ce que je sais faire.")
        await harness.stop(task)
    }

    @Test func languageAloneShowsTheCurrentOneWithAButtonPerLanguageAndAButtonSwitches() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = Self.lena.id
        harness.server.sendText("/language", from: Self.lena)
        #expect(await harness.waitForMessages(1, inChat: chat))
        let menu = try #require(harness.server.messages(inChat: chat).first)
        #expect(menu.text.hasPrefix("Ich antworte auf Deutsch, der Sprache deiner App."))
        let titles = menu.buttons.flatMap { $0.map(\.title) }
        #expect(titles == ["English", "Français", "Español", "Italiano"])
        #expect(harness.server.pressButton(titled: "Italiano", from: Self.lena) != nil)
        #expect(await harness.waitForMessages(2, inChat: chat))
        #expect(harness.server.texts(inChat: chat).last == "D'ora in poi rispondo in italiano.")
        // Back to the app's language.
        harness.server.sendText("/language auto", from: Self.lena)
        #expect(await harness.waitForMessages(3, inChat: chat))
        #expect(harness.server.texts(inChat: chat).last == "Ich folge wieder der Sprache deiner App: Deutsch.")
        await harness.stop(task)
    }

    @Test func anUnknownLanguageCodeGetsAHelpfulReplyAndChangesNothing() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        harness.server.sendText("/language klingon")
        harness.server.sendText("/language " + String(repeating: "x", count: 300))
        harness.server.sendText("/help")
        #expect(await harness.waitForMessages(3, inChat: FakeUser.ana.id))
        let texts = harness.server.texts(inChat: FakeUser.ana.id)
        try #require(texts.count >= 3)
        #expect(texts[0] == "I don't speak \"klingon\" yet. Choose one of en, de, fr, es, it, e.g. /language de.")
        #expect(texts[1].contains("\"xxxxxxxxxxxxxxxxxxxx\""))
        #expect(!texts[1].contains(String(repeating: "x", count: 21)))
        #expect(texts[2].hasPrefix("Commands"))
        await harness.stop(task)
    }

    @Test func germanOccasionNamesAreUnderstood() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        harness.server.sendText("/outfit geschäftlich", from: Self.lena)
        harness.server.sendText("/outfit quatschwort", from: Self.lena)
        #expect(await harness.waitForMessages(2, inChat: Self.lena.id))
        let texts = harness.server.texts(inChat: Self.lena.id)
        try #require(texts.count >= 2)
        // An empty closet: the occasion was understood (no "unknown occasion" refusal), unlike the nonsense word.
        #expect(texts[0] != texts[1])
        #expect(texts[1].contains("quatschwort"))
        #expect(!texts[0].contains("geschäftlich"))
        await harness.stop(task)
    }
}
