import Foundation
import JSON
import Secrets
import Storage
import Testing

/// A real `wardrobe run` in an encrypted DM, killed with SIGKILL mid-conversation: after the restart it
/// still reads and answers (no keys lost), and a second device of the person, added later, reads its replies.
extension MatrixIntegrationTests {
    @Test func aKilledBotKeepsItsKeysAndANewDeviceOfThePersonReadsItsReplies() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the executable first: swift build --product wardrobe")
        let folder = try humanState()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config: JSON = [
            "data_directory": .string("\(folder)/bot"), "shutdown_grace_seconds": 2, "telegram": ["enabled": false],
            "matrix": ["homeserver_url": .string(environment.homeserver), "user_id": .string(environment.bot),
                       "invite_allowlist": [.string(environment.ana)], "sync_timeout_ms": 5000],
        ]
        try FileManager.default.createDirectory(atPath: "\(folder)/bot", withIntermediateDirectories: true)
        try config.serialized(pretty: true).write(toFile: "\(folder)/wardrobe.json", atomically: true, encoding: .utf8)
        let keys = try KeyStore.open(path: "\(folder)/bot/secrets.enc", key: MasterKeySource.resolve(environment: [:], dataDirectory: "\(folder)/bot"))
        try keys.set(environment.botPassword, for: SecretName.matrixPassword)
        let ana = EncryptingHuman(name: "ana", state: folder), anaPhone = EncryptingHuman(name: "ana2", state: folder)

        var bot = try startWardrobe(folder, log: "run-1.log")
        defer { if bot.isRunning { bot.terminate() } }
        try await ana.run("login")
        let room = try #require(try await ana.run("dm", options: ["--invite", environment.bot])["room"]?.string)
        _ = try await ana.run("say", [room, "/help"], options: ["--expect", "/forget"])

        // Killed mid-conversation; a message arrives while it is down.
        kill(bot.processIdentifier, SIGKILL)
        bot.waitUntilExit()
        let whileDown = try #require(try await ana.run("say", [room, "/start"])["sent"]?.string)
        bot = try startWardrobe(folder, log: "run-2.log")
        _ = try await ana.run("wait", [room], options: ["--expect", "Wardrobe", "--after", whileDown])
        _ = try await ana.run("say", [room, "/help"], options: ["--expect", "/forget"])

        // A second device of Ana joins later and reads the bot's next reply.
        try await anaPhone.run("login")
        let fromPhone = try await anaPhone.run("say", [room, "/help"], options: ["--expect", "/forget"])
        #expect(fromPhone["body"]?.string?.contains("/forget") == true)
        #expect(try await ana.run("check", [room])["undecryptable"]?.array?.isEmpty == true)
        bot.terminate()
        bot.waitUntilExit()

        // Nothing waited in vain for a key on the bot's side.
        let store = try Store(dataDirectory: "\(folder)/bot")
        defer { store.close() }
        #expect(try await store.matrixCryptoRecords(kind: "pending_event", prefix: "").isEmpty)
    }
}
