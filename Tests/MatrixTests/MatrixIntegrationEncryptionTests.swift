import Foundation
import JSON
import Testing

/// The bot in an end-to-end encrypted room, talking to a person whose client really encrypts (matrix-nio).
extension MatrixIntegrationTests {
    /// A fresh folder for the humans' devices.
    func humanState() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-e2e-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anEncryptedDirectChatIsAnsweredInCiphertextTheHumanCanRead() async throws {
        let state = try humanState()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let ana = EncryptingHuman(name: "ana", state: state)
        let bot = try InProcessBot(environment, allowlist: [environment.ana])
        defer { bot.cleanUp() }
        try await bot.serving {
            try await ana.run("login")
            let room = try #require(try await ana.run("dm", options: ["--invite", environment.bot])["room"]?.string)
            let help = try await ana.run("say", [room, "/help"], options: ["--expect", "/forget"])
            #expect(help["body"]?.string?.contains("/forget") == true)
            let check = try await ana.run("check", [room])
            #expect(check["undecryptable"]?.array?.isEmpty == true)
            #expect((check["bot_events"]?.int ?? 0) >= 1)
        }
        // Nothing readable rests in the bot's database: the room key and the reply text are not in it.
        for file in ["wardrobe.sqlite", "wardrobe.sqlite-wal"] {
            guard let bytes = FileManager.default.contents(atPath: "\(bot.folder)/\(file)") else { continue }
            #expect(bytes.range(of: Data("session_key".utf8)) == nil, "\(file) holds a plaintext room key")
            #expect(bytes.range(of: Data("delete everything I hold about you".utf8)) == nil, "\(file) holds a plaintext reply")
        }
    }
}
