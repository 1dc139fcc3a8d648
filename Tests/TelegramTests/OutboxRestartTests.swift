import Foundation
import Storage
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` of a real `wardrobe run` at 20 random points of 50-chat bursts, with the default rate
/// limits: no reply is ever lost, and each kill repeats at most the one reply that was in flight.
@Suite(.serialized) struct OutboxRestartTests {
    @Test func killsDuringBurstsLoseNothingAndRepeatAtMostOneReplyEach() async throws {
        let binary = try #require(ChildProcess.binary("wardrobe"), "build the wardrobe executable first (make test builds everything)")
        let server = try FakeTelegramServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-outbox-\(UUID())").path
        var worker: Process?
        // On a failure the folder (the worker's log and database) stays for a post-mortem.
        var keepFolder = false
        defer {
            if let worker, worker.isRunning { kill(worker.processIdentifier, SIGKILL) }
            server.stop()
            if keepFolder { print("outbox restart: kept \(folder) (run.log, data/)") } else { try? FileManager.default.removeItem(atPath: folder) }
        }
        try FileManager.default.createDirectory(atPath: "\(folder)/config", withIntermediateDirectories: true)
        try "{}".write(toFile: "\(folder)/config/wardrobe.json", atomically: true, encoding: .utf8)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        for name in ["occasions.json", "keywords.json", "prompts.json"] {
            try FileManager.default.copyItem(atPath: "\(shipped)/\(name)", toPath: "\(folder)/config/\(name)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WARDROBE_MASTER_KEY"] = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        environment["WARDROBE_DATA_DIRECTORY"] = "\(folder)/data"
        environment["WARDROBE_TELEGRAM_API_BASE_URL"] = server.baseURL
        environment["WARDROBE_TELEGRAM_POLL_TIMEOUT_SECONDS"] = "1"
        // The default rate limits stay on: 1 message per second per chat, 30 per second overall.
        let arguments = ["--config", "\(folder)/config/wardrobe.json"]
        #expect(try ChildProcess.setSecret(binary: binary, arguments: arguments, environment: environment, name: "telegram.token", value: server.token))

        var repeatsPerKill: [Int] = []
        var lost = 0
        let log = "\(folder)/run.log"
        worker = try ChildProcess.launch(binary, arguments + ["run"], environment: environment, log: log)
        for round in 0..<20 {
            let users = (0..<50).map { FakeUser(id: 700_000 + Int64(round * 50 + $0), firstName: "R\(round)U\($0)") }
            var updateOf: [Int64: Int64] = [:]
            for user in users { updateOf[user.id] = server.sendText("/help", from: user) }
            let chats = users.map(\.id)
            let killAfter = Int.random(in: 1...45)
            #expect(await server.wait(timeout: .seconds(60)) { server in chats.reduce(0) { $0 + server.messages(inChat: $1).count } >= killAfter })
            let killed = worker?.processIdentifier ?? 0
            if let running = worker { await ChildProcess.kill9(running) }
            let restart = Date()
            // Written between the two processes, so neither overwrites it (each appends from where it opened the log).
            ChildProcess.note("--- test: round \(round) killed pid \(killed) after \(killAfter) replies; restarting", to: log)
            worker = try ChildProcess.launch(binary, arguments + ["run"], environment: environment, log: log)
            // Longer than one Bot API call timeout (60 s): after a SIGKILL one call to the loopback fake has
            // been seen to hang until it, then the outbox sends everything (an open finding, see docs/telegram.md).
            let answered = await server.wait(timeout: .seconds(150)) { server in chats.allSatisfy { !server.messages(inChat: $0).isEmpty } }
            if !answered {
                keepFolder = true
                let missing = chats.filter { server.messages(inChat: $0).isEmpty }.compactMap { chat in updateOf[chat].map { (chat, $0) } }
                let facts = await Self.diagnosis(of: missing, server: server, folder: folder, restart: restart)
                let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(80).joined(separator: "\n")
                Issue.record("round \(round): not every chat answered after the restart (kill after \(killAfter) replies)\n\(facts)\nworker log tail:\n\(tail)")
            }
            #expect(await ChildProcess.outboxDrained(folder: folder))
            let counts = chats.map { server.messages(inChat: $0).count }
            lost += counts.filter { $0 == 0 }.count
            repeatsPerKill.append(counts.reduce(0) { $0 + max(0, $1 - 1) })
        }
        let sorted = repeatsPerKill.sorted()
        print("outbox restart: \(repeatsPerKill.count) kills, repeated replies per kill: median \(sorted[sorted.count / 2]), max \(sorted.last ?? 0), all \(repeatsPerKill)")
        #expect(lost == 0)
        #expect(repeatsPerKill.allSatisfy { $0 <= 1 }, "repeats per kill: \(repeatsPerKill)")
        if let running = worker { await ChildProcess.kill9(running) }
    }

    /// What became of each unanswered update: how often and when the fake delivered it (before or after
    /// the restart), whether an offset confirmed it, whether the worker recorded it handled, the stored offset.
    private static func diagnosis(of missing: [(chat: Int64, update: Int64)], server: FakeTelegramServer, folder: String, restart: Date) async -> String {
        let store = try? Store(dataDirectory: "\(folder)/data")
        defer { store?.close() }
        let handled = (try? await store?.processedIDs(transport: "telegram", among: missing.map { String($0.update) })) ?? []
        let cursor = (try? await store?.cursor(transport: "telegram")) ?? nil
        let deliveries = server.deliveries, first = server.firstDeliveries, last = server.lastDeliveries
        let confirmedBelow = server.confirmedBelow
        func since(_ date: Date?) -> String { date.map { String(format: "%+.3fs", $0.timeIntervalSince(restart)) } ?? "never" }
        let lines = missing.map { chat, update in
            "update \(update) chat \(chat): delivered \(deliveries[update] ?? 0)x, first \(since(first[update])) last \(since(last[update])) from the restart; "
                + "\(update < confirmedBelow ? "confirmed by an offset" : "still pending at the fake"); "
                + "\(handled.contains(String(update)) ? "recorded handled" : "not recorded handled")"
        }
        return "fake: offsets confirmed everything below \(confirmedBelow); stored offset \(cursor ?? "none")\n" + lines.joined(separator: "\n")
    }
}
