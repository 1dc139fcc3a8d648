import Foundation
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// Several `wardrobe run` workers sharing one PostgreSQL, each with its own data folder (its key
/// file holds the bot token and the connection string), as on separate machines.
final class WorkerCluster: @unchecked Sendable {
    let binary: String
    let root: String
    let count: Int
    /// Read by the webhook balancer's task while the test starts and kills workers.
    private var processesStorage: [Process?]
    private let lock = NSLock()
    private var processes: [Process?] {
        get { lock.withLock { processesStorage } }
        set { lock.withLock { processesStorage = newValue } }
    }
    private let environment: [String: String]

    init(
        binary: String, server: FakeTelegramServer, conninfo: String, count: Int, settings: [String: String] = [:], secrets: [String: String] = [:]
    ) throws {
        self.binary = binary
        self.count = count
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID())").path
        processesStorage = Array(repeating: nil, count: count)
        var environment = ProcessInfo.processInfo.environment
        environment["WARDROBE_MASTER_KEY"] = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        environment["WARDROBE_TELEGRAM_API_BASE_URL"] = server.baseURL
        environment["WARDROBE_TELEGRAM_POLL_TIMEOUT_SECONDS"] = "1"
        environment["WARDROBE_STORAGE_BACKEND"] = "postgres"
        environment["WARDROBE_STORAGE_POSTGRES_LEASE_SECONDS"] = "10"
        environment["WARDROBE_STORAGE_POSTGRES_ELECTION_RETRY_SECONDS"] = "0.2"
        // No pacing, one send in flight: a kill of the sender can repeat at most one reply.
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_GLOBAL_PER_SECOND"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_CHAT_PER_SECOND"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_GROUP_PER_MINUTE"] = "0"
        environment["WARDROBE_TELEGRAM_OUTBOX_MAX_IN_FLIGHT"] = "1"
        for (key, value) in settings { environment[key] = value }
        self.environment = environment
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        for index in 0..<count {
            let folder = self.folder(index)
            try FileManager.default.createDirectory(atPath: "\(folder)/config", withIntermediateDirectories: true)
            try "{}".write(toFile: "\(folder)/config/wardrobe.json", atomically: true, encoding: .utf8)
            for name in ["occasions.json", "keywords.json", "prompts.json"] {
                try FileManager.default.copyItem(atPath: "\(shipped)/\(name)", toPath: "\(folder)/config/\(name)")
            }
            try setSecret("telegram.token", server.token, worker: index)
            try setSecret("postgres.conninfo", conninfo, worker: index)
            for (name, value) in secrets { try setSecret(name, value, worker: index) }
        }
    }

    func folder(_ index: Int) -> String { "\(root)/worker\(index)" }
    func log(_ index: Int) -> String { "\(folder(index))/run.log" }

    private func arguments(_ index: Int) -> [String] { ["--config", "\(folder(index))/config/wardrobe.json"] }

    private func environment(_ index: Int) -> [String: String] {
        var environment = self.environment
        environment["WARDROBE_DATA_DIRECTORY"] = "\(folder(index))/data"
        return environment
    }

    /// `wardrobe keys set NAME` in worker `index`'s key file.
    private func setSecret(_ name: String, _ value: String, worker index: Int) throws {
        #expect(try ChildProcess.setSecret(binary: binary, arguments: arguments(index), environment: environment(index), name: name, value: value), "keys set \(name)")
    }

    func startAll() throws {
        for index in 0..<count { try start(index) }
    }

    /// Starts worker `index`, marking the start in its log so leadership is read from this run only.
    func start(_ index: Int) throws {
        let marker = "=== start \(UUID()) ===\n"
        if let handle = FileHandle(forWritingAtPath: log(index)) {
            handle.seekToEndOfFile()
            handle.write(Data(marker.utf8))
            try? handle.close()
        } else {
            FileManager.default.createFile(atPath: log(index), contents: Data(marker.utf8))
        }
        processes[index] = try ChildProcess.launch(binary, arguments(index) + ["run"], environment: environment(index), log: log(index))
    }

    func kill(_ index: Int) async {
        if let process = processes[index] { await ChildProcess.kill9(process) }
        processes[index] = nil
    }

    /// The worker whose current run says it was elected to poll and send, if any.
    func leaderIndex() -> Int? {
        (0..<count).first { index in
            guard processes[index] != nil, let text = try? String(contentsOfFile: log(index), encoding: .utf8),
                  let run = text.components(separatedBy: "=== start ").last
            else { return false }
            return run.contains("elected to send this bot's replies")
        }
    }

    /// The webhook server's base URL of worker `index`'s current run, once it logged it; nil while it is down.
    func webhookAddress(_ index: Int) -> String? {
        guard processes[index]?.isRunning == true, let text = try? String(contentsOfFile: log(index), encoding: .utf8),
              let run = text.components(separatedBy: "=== start ").last
        else { return nil }
        for line in run.split(separator: "\n") where line.contains("HTTP server listening") && line.contains("webhook") {
            if let range = line.range(of: " address=") {
                let rest = line[range.upperBound...]
                let value = rest.hasPrefix("\"") ? rest.dropFirst().split(separator: "\"").first : rest.split(separator: " ").first
                if let value { return String(value) }
            }
        }
        return nil
    }

    /// The running worker whose process id is `pid`, if any.
    func index(ofProcess pid: Int32) -> Int? {
        (0..<count).first { processes[$0]?.processIdentifier == pid }
    }

    /// A running worker that is not the leader.
    func followerIndex() -> Int? {
        let leader = leaderIndex()
        return (0..<count).first { $0 != leader && processes[$0] != nil }
    }

    /// Kills every worker and removes the folders.
    func stopAll() {
        for process in processes.compactMap({ $0 }) where process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        for process in processes.compactMap({ $0 }) { process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The tail of every worker's log, for a failure message.
    func logTails(lines: Int = 40) -> String {
        (0..<count).map { index in
            let text = (try? String(contentsOfFile: log(index), encoding: .utf8)) ?? ""
            return "--- worker \(index)\n" + text.split(separator: "\n").suffix(lines).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
