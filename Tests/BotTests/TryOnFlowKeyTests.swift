import Chat
import Foundation
import Secrets
import Storage
import Testing
import TryOn

@Suite struct TryOnFlowKeyTests {
    static let userKey = "sk-or-v1-user-secret-abcd1234"

    @Test func aKeyPostedInAGroupIsDeletedAndNotStored() async throws {
        let bot = try TryOnHarness(transport: RecordingChatTransport(deletesUserMessages: true))
        defer { Task { await bot.close() } }
        await bot.command("key", "openrouter \(Self.userKey)", kind: .group, chat: "g1")
        #expect(bot.transport.deletions.count == 1)
        #expect(bot.keys.value(for: SecretName.user("test:u1", service: "openrouter")) == nil)
        let reply = try #require(bot.transport.texts.last)
        #expect(reply.hasPrefix("Never post a key in a group — I deleted your message"))
        #expect(reply.contains("private chat"))
        #expect(!reply.contains(Self.userKey))
    }

    @Test func aKeySentInPrivateIsStoredEncryptedAndOnlyItsLastFourAreShown() async throws {
        let bot = try TryOnHarness(transport: RecordingChatTransport(deletesUserMessages: true))
        defer { Task { await bot.close() } }
        await bot.command("key", "openrouter \(Self.userKey)")
        let name = SecretName.user("test:u1", service: "openrouter")
        #expect(bot.keys.value(for: name) == Self.userKey)
        #expect(bot.transport.deletions.count == 1)
        let reply = try #require(bot.transport.texts.last)
        #expect(reply.hasPrefix("Saved your OpenRouter key ending in 1234."))
        #expect(!reply.contains("abcd1234"))
        // On disk only as ciphertext; reopening with the master key gives it back.
        let file = try #require(FileManager.default.contents(atPath: "\(bot.folder)/secrets.enc"))
        #expect(file.range(of: Data(Self.userKey.utf8)) == nil)
        #expect(try KeyStore.open(path: "\(bot.folder)/secrets.enc", key: bot.masterKey).value(for: name) == Self.userKey)
    }

    @Test func withoutDeletionThePrivateReplyAsksTheUserToDeleteTheMessage() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("key", "gemini \(Self.userKey)")
        #expect(bot.transport.deletions.isEmpty)
        #expect(bot.transport.texts.last?.contains("Delete your message with the key") == true)
    }

    @Test func keyWithoutAValueChecksTheStoredKey() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("key", "openrouter")
        #expect(bot.transport.texts.last?.hasPrefix("You have no OpenRouter key of your own") == true)
        await bot.command("key", "openrouter \(Self.userKey)")
        await bot.command("key", "openrouter")
        #expect(bot.transport.texts.last == "Your OpenRouter key …1234 works. Credit left: $4.20.")
        bot.provider.setVerify(.failure(.invalidKey(.openrouter)))
        await bot.command("key", "openrouter")
        #expect(bot.transport.texts.last == TryOnError.invalidKey(.openrouter).userMessage)
        bot.provider.setVerify(.success(.unverifiable))
        await bot.command("key", "fal 1a2b3c4d-id:fal-secret-5678")
        await bot.command("key", "fal")
        #expect(bot.transport.texts.last?.hasPrefix("Fal.ai has no way to check a key") == true)
        await bot.command("key", "fal remove")
        #expect(bot.keys.value(for: SecretName.user("test:u1", service: "fal")) == nil)
    }

    @Test func keysOfTheWrongShapeGetAHintAndAFalKeyNeedsBothHalves() async throws {
        let bot = try TryOnHarness(operatorKey: false)
        defer { Task { await bot.close() } }
        await bot.command("key", "gemini")
        #expect(bot.transport.texts.last?.contains("the bot has no Gemini key either") == true)
        await bot.command("key", "fal only-the-secret-half")
        #expect(bot.transport.texts.last?.contains("ID:SECRET") == true)
        #expect(bot.keys.value(for: SecretName.user("test:u1", service: "fal")) == nil)
        await bot.command("key", "openrouter AIzaSyD-this-is-a-gemini-key")
        let reply = try #require(bot.transport.texts.last)
        #expect(reply.contains("That doesn't look like an OpenRouter key: they look like sk-or-v1-…"))
        #expect(reply.contains("It looks like a Gemini key: /key gemini KEY."))
        await bot.command("key", "gemini AIzaSyD-this-is-a-gemini-key")
        #expect(bot.transport.texts.last?.contains("doesn't look like") == false)
    }

    @Test func serviceIsPickedWithButtonsAndUsedForTryOns() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("service")
        #expect(bot.transport.button("✓ OpenRouter") != nil)
        #expect(try await bot.press("Gemini"))
        #expect(bot.transport.texts.last?.hasPrefix("Try-ons now run on Gemini. No key is set up for it yet") == true)
        // No Gemini key anywhere: the try-on is refused before it is queued.
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        #expect(bot.transport.texts.last == TryOnError.missingKey(.gemini).userMessage)
        #expect(try await bot.jobs().isEmpty)
    }
}
