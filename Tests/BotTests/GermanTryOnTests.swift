import Chat
import Foundation
import Secrets
import Testing
import TryOn

/// A German-speaking user (`/language de`, stored per user) gets `/me`, `/tryon`, the composer, `/prompt` and `/key`
/// from the German catalog.
@Suite struct GermanTryOnTests {
    static let userKey = "sk-or-v1-user-secret-abcd1234"

    /// A try-on harness whose user has chosen German.
    static func germanBot(deletesUserMessages: Bool = false) async throws -> TryOnHarness {
        let bot = try TryOnHarness(transport: RecordingChatTransport(deletesUserMessages: deletesUserMessages))
        await bot.command("language", "de")
        #expect(bot.transport.texts.last == "Ab jetzt antworte ich auf Deutsch.")
        return bot
    }

    @Test func meTryonAndTheComposerAnswerInGerman() async throws {
        let bot = try await Self.germanBot()
        defer { Task { await bot.close() } }
        await bot.command("me")
        #expect(bot.transport.texts.last == "Schick ein Foto von dir: Gesicht und Outfit sichtbar, im Stehen, bei gutem Licht.")

        await bot.command("tryon", "blau")
        #expect(bot.transport.texts.last == "Nutze /tryon, /tryon 2 oder /tryon 4 für Varianten, oder /tryon #N für Teil N aus deinem Schrank.")

        await bot.command("tryon", "#7")
        #expect(bot.transport.texts.last == "Du hast kein Teil #7. /closet zeigt deine Teile.")

        await bot.command("tryon", "2")
        #expect(bot.transport.texts.last?.hasPrefix("Schick zuerst ein Foto von dir mit der Bildunterschrift me") == true)

        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        #expect(bot.transport.texts.last?.hasPrefix("Hab dich. Jetzt die Kleidung: ") == true, "\(bot.transport.texts.last ?? "")")

        await bot.command("tryon")
        let composer = try #require(bot.transport.texts.last)
        #expect(composer.hasPrefix("Nächste Anprobe\nDu: ein Foto\nKleidung: leer — "), "\(composer)")
        #expect(composer.contains("Stil: Standard · Dienst: OpenRouter"))
        #expect(composer.contains("2 Varianten."))
        for title in ["Du tauschen", "Kleidung hinzufügen", "Kleidung behalten", "Nächste Anprobe ansehen"] {
            #expect(bot.transport.button(title) != nil, "no button \(title)")
        }
        #expect(await bot.press("Kleidung behalten"))
        #expect(bot.transport.texts.last?.hasPrefix("Das Kleidungsfoto bleibt: ") == true)
    }

    @Test func promptStylesAreNamedAndSummarizedInGerman() async throws {
        let bot = try await Self.germanBot()
        defer { Task { await bot.close() } }
        await bot.command("prompt")
        let list = try #require(bot.transport.texts.last)
        #expect(list.contains("• Standard: das Teil, wie es ist, sonst ändert sich nichts"), "\(list)")
        #expect(list.contains("• Business: ordentlich und gebügelt, bereit fürs Büro"))
        #expect(bot.transport.button("✓ Standard") != nil && bot.transport.button("Business") != nil)
        // The translated name chooses the style as the id does.
        await bot.command("prompt", "business")
        #expect(bot.transport.texts.last == "Stil auf Business gesetzt. Ordentlich und gebügelt, bereit fürs Büro.")
    }

    @Test func keyRepliesAreInGermanAndNeverShowTheKey() async throws {
        let bot = try await Self.germanBot(deletesUserMessages: true)
        defer { Task { await bot.close() } }
        await bot.command("key")
        #expect(bot.transport.texts.last?.hasPrefix("Du hast keine eigenen Schlüssel. Schick /key DIENST DEIN_SCHLÜSSEL") == true)

        await bot.command("key", "gemini \(Self.userKey)")
        let saved = try #require(bot.transport.texts.last)
        #expect(saved.hasPrefix("Dein Gemini-Schlüssel mit der Endung 1234 ist gespeichert."), "\(saved)")
        #expect(saved.contains("Ich habe deine Nachricht gelöscht."))
        #expect(saved.contains("Das sieht nicht nach einem Gemini-Schlüssel aus: die sehen so aus: AIza…."))
        #expect(saved.contains("Er sieht aus wie ein OpenRouter-Schlüssel: /key openrouter SCHLÜSSEL."))
        #expect(!saved.contains("abcd1234"))

        await bot.command("key")
        #expect(bot.transport.texts.last?.hasPrefix("Deine Schlüssel: Gemini …1234. ") == true, "\(bot.transport.texts.last ?? "")")

        await bot.command("key", "openrouter")
        #expect(bot.transport.texts.last?.hasPrefix("Du hast keinen eigenen OpenRouter-Schlüssel; Anproben nutzen den Schlüssel des Bots.") == true)

        await bot.command("key", "gemini remove")
        #expect(bot.transport.texts.last?.hasPrefix("Dein Gemini-Schlüssel ist entfernt.") == true)

        await bot.command("key", "mastodon abc")
        #expect(bot.transport.texts.last?.hasPrefix("Diesen Dienst kenne ich nicht. Schick /key DIENST") == true)

        await bot.command("key", "openrouter \(Self.userKey)", kind: .group, chat: "g1")
        #expect(bot.transport.texts.last?.hasPrefix("Poste nie einen Schlüssel in einer Gruppe — ich habe deine Nachricht gelöscht") == true)
        #expect(bot.keys.value(for: SecretName.user("test:u1", service: "openrouter")) == nil)
    }
}
