import Foundation
import Storage
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` of a real `wardrobe run` in the middle of a batch: after the restart every update
/// is answered — none lost — and at most the one reply in flight at the kill is sent twice.
@Suite(.serialized) struct RestartTests {
    /// The `wardrobe` binary built next to the test bundle (`.build/debug/wardrobe`).
    static var binary: String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let path = folder.appendingPathComponent("wardrobe").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    struct Child {
        let folder: String
        let environment: [String: String]
        let binary: String

        func launch(_ arguments: [String], input: String? = nil, log: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--config", "\(folder)/config/wardrobe.json"] + arguments
            process.environment = environment
            FileManager.default.createFile(atPath: "\(folder)/\(log)", contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(folder)/\(log)"))
            process.standardOutput = output
            process.standardError = output
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            if let input { pipe.fileHandleForWriting.write(Data(input.utf8)) }
            try pipe.fileHandleForWriting.close()
            return process
        }
    }

    @Test func aKilledWorkerLosesNoUpdateAndRepeatsAtMostTheReplyInFlight() async throws {
        let binary = try #require(Self.binary, "build the wardrobe executable first (make test builds everything)")
        let server = try FakeTelegramServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-restart-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/config", withIntermediateDirectories: true)
        try "{}".write(toFile: "\(folder)/config/wardrobe.json", atomically: true, encoding: .utf8)
        // A deployment keeps the data files beside its config file, as /etc/wardrobe does.
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        for name in ["occasions.json", "keywords.json", "sites.json", "prompts.json"] {
            try FileManager.default.copyItem(atPath: "\(shipped)/\(name)", toPath: "\(folder)/config/\(name)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WARDROBE_MASTER_KEY"] = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        environment["WARDROBE_DATA_DIRECTORY"] = "\(folder)/data"
        environment["WARDROBE_TELEGRAM_API_BASE_URL"] = server.baseURL
        environment["WARDROBE_TELEGRAM_POLL_TIMEOUT_SECONDS"] = "1"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_CHAT_PER_SECOND"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_GROUP_PER_MINUTE"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_GLOBAL_PER_SECOND"] = "0"
        // Without a global limit the default would allow 16 calls in flight; this test pins one.
        environment["WARDROBE_TELEGRAM_OUTBOX_MAX_IN_FLIGHT"] = "1"
        let child = Child(folder: folder, environment: environment, binary: binary)

        let keys = try child.launch(["keys", "set", "telegram.token"], input: server.token + "\n", log: "keys.log")
        keys.waitUntilExit()
        #expect(keys.terminationStatus == 0)

        // One /help per chat, so replies per chat are replies per update; ids are not contiguous.
        var updates: [(id: Int64, chat: Int64)] = []
        for index in 0..<60 {
            if index % 7 == 3 { server.skipUpdateIDs(5) }
            let user = FakeUser(id: 50_000 + Int64(index), firstName: "User\(index)")
            updates.append((server.sendText("/help", from: user), user.id))
        }
        // Telegram stalls after 20 replies: the worker is mid-batch with sends in flight.
        server.holdSends(after: 20)
        let first = try child.launch(["run"], log: "run1.log")
        #expect(await server.wait(timeout: .seconds(30)) { $0.messages().count >= 20 && $0.heldSends > 0 })
        // Let the handled updates commit, then kill without warning.
        let store = try Store(dataDirectory: "\(folder)/data")
        for _ in 0..<200 {
            let answered = Set(server.messages().map(\.chatID))
            let answeredIDs = updates.filter { answered.contains($0.chat) }.map { String($0.id) }
            if try await store.processedIDs(transport: "telegram", among: answeredIDs).count == answeredIDs.count { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        store.close()
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)
        server.releaseHeldSends()

        let second = try child.launch(["run"], log: "run2.log")
        defer {
            kill(second.processIdentifier, SIGKILL)
            second.waitUntilExit()
        }
        let all = updates
        #expect(await server.wait(timeout: .seconds(30)) { server in
            all.allSatisfy { !server.messages(inChat: $0.chat).isEmpty }
        })
        // Count once every reply is marked sent (each chat's reply above means its update was handled, as
        // replies are written with the handled mark): no repeat can come after that.
        #expect(await ChildProcess.outboxDrained(folder: folder, timeout: .seconds(30)), "the restarted worker sent every reply")
        let ledger = try Store(dataDirectory: "\(folder)/data")
        #expect(try await ledger.processedIDs(transport: "telegram", among: updates.map { String($0.id) }).count == updates.count)
        ledger.close()
        // None lost; repeated at most what was in flight at the kill (one call here): the held send
        // completes at the fake after the kill and is sent again by the outbox, as on the real Bot API.
        let counts = updates.map { server.messages(inChat: $0.chat).count }
        #expect(counts.allSatisfy { $0 >= 1 }, "every update answered: \(counts)")
        #expect(counts.reduce(0) { $0 + max(0, $1 - 1) } <= 1, "repeated replies: \(counts)")
        #expect(server.deliveries.values.contains { $0 > 1 }, "some updates were redelivered after the kill")
        kill(second.processIdentifier, SIGTERM)
        await server.shutdown()
    }
}
