import Foundation
import HTTP
import JSON
import Secrets
import Testing

/// Kills a real `wardrobe run` with SIGKILL while messages arrive and checks each is answered exactly once.
/// An extension of the serialized suite: two bots syncing the same account at once would both answer.
extension MatrixIntegrationTests {
    /// `.build/debug/wardrobe`, next to the test bundle (or `MATRIX_IT_WARDROBE`).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["MATRIX_IT_WARDROBE"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] where FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("wardrobe").path) {
            return candidate.appendingPathComponent("wardrobe").path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/wardrobe").path
    }

    /// Starts `wardrobe run` on `folder`, logging to `folder/<log>`; `masterKey` (base64) for workers that share one.
    func startWardrobe(_ folder: String, log: String = "run.log", masterKey: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--config", "\(folder)/wardrobe.json", "run"]
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder]
        if let masterKey { environment["WARDROBE_MASTER_KEY"] = masterKey }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: "\(folder)/\(log)", contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(folder)/\(log)"))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Sends a marker and waits for the bot's reply to it. The bot answers a room's messages in order,
    /// so once the marker is answered, a repeated reply to an earlier message would be there already.
    func settle(_ room: String, as human: HumanClient) async throws -> String {
        let marker = try await human.say(room, "/help")
        _ = try await human.waitFor(room, seconds: 60) { events in
            events.contains { $0.sender == environment.bot && $0.replyTarget == marker } ? true : nil
        }
        return marker
    }

    @Test func aKilledBotAnswersEveryMessageExactlyOnceAfterARestart() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the executable first: swift build --product wardrobe")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-restart-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config: JSON = [
            "data_directory": .string(folder), "shutdown_grace_seconds": 2, "telegram": ["enabled": false],
            "matrix": ["homeserver_url": .string(environment.homeserver), "user_id": .string(environment.bot),
                       "invite_allowlist": [.string(environment.ana)], "sync_timeout_ms": 5000],
        ]
        try config.serialized(pretty: true).write(toFile: "\(folder)/wardrobe.json", atomically: true, encoding: .utf8)
        let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: [:], dataDirectory: folder))
        try keys.set(environment.botPassword, for: SecretName.matrixPassword)

        let http = HTTPClient()
        let ana = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.ana, password: environment.anaPassword)
        let bob = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.bob, password: environment.bobPassword)

        var first = try startWardrobe(folder, log: "run-1.log")
        defer { if first.isRunning { first.terminate() } }
        let room = try await ana.createRoom(inviting: [environment.bot, environment.bob], name: "restart")
        try await bob.join(room)
        _ = try await ana.waitFor(room, seconds: 40) { events in
            events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil
        }
        // Wait until the bot answers, so its first sync (which skips history) is behind it.
        let probe = try await ana.say(room, "/help")
        _ = try await ana.waitFor(room, seconds: 30) { events in events.contains { $0.replyTarget == probe } ? true : nil }

        var sent: [String] = []
        for number in 1...16 {
            sent.append(try await (number % 2 == 0 ? bob : ana).say(room, number % 3 == 0 ? "/start" : "/help"))
            if number == 6 {
                kill(first.processIdentifier, SIGKILL)
                first.waitUntilExit()
            }
            if number == 10 { first = try startWardrobe(folder, log: "run-2.log") }
            try await Task.sleep(for: .milliseconds(120))
        }
        _ = try await ana.waitFor(room, seconds: 60) { events in
            sent.allSatisfy { id in events.contains { $0.sender == environment.bot && $0.replyTarget == id } } ? true : nil
        }
        let marker = try await settle(room, as: ana)
        let events = try await ana.timeline(room, limit: 500)
        for id in sent + [probe, marker] {
            let count = events.filter { $0.sender == environment.bot && $0.replyTarget == id }.count
            #expect(count == 1, "message \(id) got \(count) replies")
        }
        first.terminate()
        first.waitUntilExit()
    }
}
