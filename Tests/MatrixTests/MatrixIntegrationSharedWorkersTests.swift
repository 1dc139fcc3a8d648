import Foundation
import HTTP
import JSON
import Secrets
import Testing

/// Two real `wardrobe run` workers share one PostgreSQL and one Matrix account: one is elected and
/// answers; when it is killed the other takes the account over, with its sync position and device.
/// An extension of the serialized suite: the account is the one the other tests use.
extension MatrixIntegrationTests {
    /// A worker's data folder and key file, sharing `conninfo` and the master key with the others.
    func prepareWorker(_ folder: String, conninfo: String, masterKey: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config: JSON = [
            "data_directory": .string(folder), "shutdown_grace_seconds": 2, "telegram": ["enabled": false],
            "storage": ["backend": "postgres", "postgres": ["election_retry_seconds": 0.2, "lease_seconds": 5]],
            "matrix": ["homeserver_url": .string(environment.homeserver), "user_id": .string(environment.bot),
                       "invite_allowlist": [.string(environment.ana)], "sync_timeout_ms": 5000],
        ]
        try config.serialized(pretty: true).write(toFile: "\(folder)/wardrobe.json", atomically: true, encoding: .utf8)
        let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY": masterKey], dataDirectory: folder))
        try keys.set(environment.botPassword, for: SecretName.matrixPassword)
        try keys.set(conninfo, for: SecretName.postgresConninfo)
    }

    /// Starts `wardrobe run` on `folder` with the shared master key, logging to `folder/run.log`.
    func startWorker(_ folder: String, masterKey: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--config", "\(folder)/wardrobe.json", "run"]
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder, "WARDROBE_MASTER_KEY": masterKey,
        ]
        _ = FileManager.default.createFile(atPath: "\(folder)/run.log", contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(folder)/run.log"))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process
    }

    /// How many terms the worker in `folder` has been elected for Matrix, from its log.
    static func matrixTerms(_ folder: String) -> Int {
        let log = (try? String(contentsOfFile: "\(folder)/run.log", encoding: .utf8)) ?? ""
        return log.components(separatedBy: "elected to serve this Matrix account").count - 1
    }

    @Test func twoWorkersOnPostgreSQLShareTheAccountAndTheStandbyTakesOverWhenTheLeaderIsKilled() async throws {
        let conninfo = try #require(ProcessInfo.processInfo.environment["MATRIX_IT_POSTGRES"], "Tests/matrix/run.sh starts a PostgreSQL cluster")
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the executable first: swift build --product wardrobe")
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-shared-\(UUID())").path
        defer { if ProcessInfo.processInfo.environment["MATRIX_IT_KEEP"] == nil { try? FileManager.default.removeItem(atPath: base) } }
        // One master key per homeserver run (the bot's password is random per run): the cluster keeps the
        // device's encryption state from an earlier run of this test, pickled under that key.
        let masterKey = Data(Array(environment.botPassword.utf8).prefix(32)).base64EncodedString()
        try #require(Data(base64Encoded: masterKey)?.count == 32)
        let folders = ["\(base)/w1", "\(base)/w2"]
        for folder in folders { try prepareWorker(folder, conninfo: conninfo, masterKey: masterKey) }

        let http = HTTPClient()
        let ana = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.ana, password: environment.anaPassword)
        let bob = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.bob, password: environment.bobPassword)
        var workers = try folders.map { try startWorker($0, masterKey: masterKey) }
        defer { for worker in workers where worker.isRunning { worker.terminate(); worker.waitUntilExit() } }

        // A group room: the bot's answers there are replies to the message they answer.
        let room = try await ana.createRoom(inviting: [environment.bot, environment.bob], name: "shared workers")
        try await bob.join(room)
        _ = try await ana.waitFor(room, seconds: 40) { events in
            events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil
        }
        let first = try await ana.say(room, "/help")
        _ = try await ana.waitFor(room, seconds: 30) { events in events.contains { $0.replyTarget == first } ? true : nil }
        // Exactly one worker serves the account.
        let terms = folders.map(Self.matrixTerms)
        #expect(terms.sorted() == [0, 1], "Matrix terms per worker: \(terms)")
        let leader = try #require(terms.firstIndex(of: 1))
        let standby = 1 - leader

        kill(workers[leader].processIdentifier, SIGKILL)
        workers[leader].waitUntilExit()
        let killed = Date()
        let second = try await ana.say(room, "/help")
        _ = try await ana.waitFor(room, seconds: 60) { events in events.contains { $0.sender == environment.bot && $0.replyTarget == second } ? true : nil }
        print("matrix on PostgreSQL: the standby answered \(String(format: "%.1f", Date().timeIntervalSince(killed))) s after the leader was killed")
        #expect(Self.matrixTerms(folders[standby]) == 1)

        // Give a duplicate time to show up before counting; the standby resumed from the shared sync position.
        try await Task.sleep(for: .seconds(3))
        let events = try await ana.timeline(room, limit: 200)
        for id in [first, second] {
            let count = events.filter { $0.sender == environment.bot && $0.replyTarget == id }.count
            #expect(count == 1, "message \(id) got \(count) replies")
        }
        // The standby logged in to the leader's device, so the account did not grow a device per worker.
        let runLog = try String(contentsOfFile: "\(folders[standby])/run.log", encoding: .utf8)
        #expect(!runLog.contains("created the matrix encryption device"), "the standby made its own encryption device")
        workers[standby].terminate()
        workers[standby].waitUntilExit()
        workers = []
    }
}
