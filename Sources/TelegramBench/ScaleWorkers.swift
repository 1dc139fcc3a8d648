import Foundation
import Sodium
#if canImport(Glibc)
import Glibc
#endif

/// Real `wardrobe run` child processes for `bench scale`, each with its own data folder, key file
/// and log, as on separate machines: on PostgreSQL they share the database named in their key
/// files, on SQLite there is one.
final class ScaleWorkers: @unchecked Sendable {
    // @unchecked: `processes` is changed only by `start` and `stop`, which the benchmark calls in turn from one task.
    /// The log line a worker prints once it serves Telegram (on PostgreSQL, before its claim loop starts).
    static let readyLines = ["serving Telegram from the shared inbox", "polling Telegram"]

    /// The `wardrobe` executable.
    let binary: String
    /// The folder holding every worker's folder.
    let root: String
    /// How many workers.
    let count: Int
    private var processes: [Process] = []
    private let environment: [String: String]

    /// Prepares `count` workers against the Bot API at `baseURL`; `conninfo` nil means SQLite (then `count` must be 1).
    init(binary: String, baseURL: String, token: String, conninfo: String?, count: Int) throws {
        self.binary = binary
        self.count = count
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wardrobe-scale-\(UUID())").path
        // Settings from the environment the benchmark runs in must not change what it measures.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WARDROBE_") }
        // One key for all workers of a run: each has its own key file, so it only has to open that.
        environment["WARDROBE_MASTER_KEY"] = SecretKey.random().base64()
        environment["WARDROBE_TELEGRAM_API_BASE_URL"] = baseURL
        environment["WARDROBE_TELEGRAM_POLL_TIMEOUT_SECONDS"] = "1"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_GLOBAL_PER_SECOND"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_CHAT_PER_SECOND"] = "0"
        environment["WARDROBE_TELEGRAM_RATE_LIMIT_PER_GROUP_PER_MINUTE"] = "0"
        // Info logs a line per update; notice keeps the start-up lines this benchmark waits for.
        environment["WARDROBE_LOG_LEVEL"] = "notice"
        environment["WARDROBE_STORAGE_BACKEND"] = conninfo == nil ? "sqlite" : "postgres"
        self.environment = environment
        for index in 0..<count {
            try FileManager.default.createDirectory(atPath: "\(folder(index))/data", withIntermediateDirectories: true)
            // The shipped defaults, with the data files built into the binary; the environment above sets the rest.
            try "{}".write(toFile: configFile(index), atomically: true, encoding: .utf8)
            try setSecret("telegram.token", token, worker: index)
            if let conninfo { try setSecret("postgres.conninfo", conninfo, worker: index) }
        }
    }

    /// Worker `index`'s folder: its config file, its data folder with the key file, and its log.
    func folder(_ index: Int) -> String { "\(root)/worker\(index)" }
    /// Worker `index`'s standard output and error.
    func log(_ index: Int) -> String { "\(folder(index))/run.log" }
    private func configFile(_ index: Int) -> String { "\(folder(index))/wardrobe.json" }

    private func environment(_ index: Int) -> [String: String] {
        var environment = self.environment
        environment["WARDROBE_DATA_DIRECTORY"] = "\(folder(index))/data"
        return environment
    }

    /// `wardrobe keys set NAME`, the value on standard input, as an operator would store it.
    private func setSecret(_ name: String, _ value: String, worker index: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--config", configFile(index), "keys", "set", name]
        process.environment = environment(index)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((value + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("wardrobe keys set \(name) failed with status \(process.terminationStatus)") }
    }

    /// Starts every worker, each logging to its own file.
    func startAll() throws {
        for index in 0..<count {
            FileManager.default.createFile(atPath: log(index), contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log(index)))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--config", configFile(index), "run"]
            process.environment = environment(index)
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try output.close()
            processes.append(process)
        }
    }

    /// Waits until every worker's log says it serves Telegram; throws when one ended or `limit` passed.
    func waitUntilReady(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while true {
            if let ended = processes.firstIndex(where: { !$0.isRunning }) {
                throw BenchError("worker \(ended) ended with status \(processes[ended].terminationStatus) before serving Telegram:\n\(logTails())")
            }
            let ready = (0..<count).filter { index in
                guard let text = try? String(contentsOfFile: log(index), encoding: .utf8) else { return false }
                return Self.readyLines.contains { text.contains($0) }
            }
            if ready.count == count { return }
            guard ContinuousClock.now < deadline else { throw BenchError("workers not serving after \(limit):\n\(logTails())") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops every worker as systemd would (SIGTERM, then SIGKILL after `graceSeconds`) and removes the
    /// folders unless `keepFolders`.
    func stop(graceSeconds: Double = 20, keepFolders: Bool = false) async {
        for process in processes where process.isRunning { process.terminate() }
        let deadline = ContinuousClock.now + .milliseconds(Int64(graceSeconds * 1000))
        while processes.contains(where: \.isRunning), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        processes = []
        if !keepFolders { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Lines logged at warning level or above by all workers so far (a deadlock, a lost lease…).
    func warningCount() -> Int {
        (0..<count).reduce(0) { total, index in
            let text = (try? String(contentsOfFile: log(index), encoding: .utf8)) ?? ""
            return total + text.split(separator: "\n").filter { line in
                ["level=warning", "level=error", "level=critical"].contains { line.contains($0) }
            }.count
        }
    }

    /// The last lines of every worker's log, for an error message.
    func logTails(lines: Int = 20) -> String {
        (0..<count).map { index in
            let text = (try? String(contentsOfFile: log(index), encoding: .utf8)) ?? ""
            return "--- worker \(index)\n" + text.split(separator: "\n").suffix(lines).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
