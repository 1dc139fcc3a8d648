import Foundation
import Postgres
import WardrobeTestKit

/// `wardrobe bench scale` (issue #16): the same burst of `/help` from many chats, answered by 1, 2
/// and 3 real `wardrobe run` workers sharing one PostgreSQL and by one worker on SQLite, through
/// the loopback fake Bot API (hosted in this process). Rate limits are off. Prints updates/s and
/// p50/p99 latency from the moment the update was queued at the fake to its reply, and from its first
/// delivery by getUpdates to its reply (both on this process's clock).
public struct ScaleBenchmark: Sendable {
    /// Where a run keeps its data.
    public enum Backend: String, Sendable {
        case sqlite = "SQLite"
        case postgres = "PostgreSQL"
    }

    /// What one run measured.
    public struct Row: Sendable {
        /// Where the workers kept their data.
        public let backend: Backend
        /// How many `wardrobe run` processes served.
        public let workers: Int
        /// Updates in the burst.
        public let updates: Int
        /// From the burst's first delivery to its last reply.
        public let seconds: Double
        /// From queued at the fake to the reply: the whole wait, wherever the update waited.
        public let queued: Latency
        /// From the first delivery by getUpdates to the reply: on PostgreSQL this includes the wait in
        /// the shared inbox, on SQLite the worker fetches only as fast as it handles.
        public let delivered: Latency
        /// Replies beyond one per update (a repeat would show here; none is expected without kills).
        public let extraReplies: Int
        /// Lines the workers logged at warning level or above during the run.
        public let warnings: Int
        /// The machine's 1-minute load average when the burst was queued.
        public let loadAverage: Double

        /// The burst over the time from its first delivery to its last reply.
        public var updatesPerSecond: Double { Double(updates) / seconds }
    }

    /// Updates in the burst (rounded down to a whole number per chat).
    public var updates = 3_000
    /// Chats the burst comes from, one user each.
    public var chats = 300
    /// Worker counts measured on PostgreSQL.
    public var postgresWorkers = [1, 2, 3]
    /// Whether the SQLite run is part of it.
    public var includeSQLite = true
    /// Keeps the workers' folders (their logs) instead of removing them, and says where they are.
    public var keepLogs = false
    /// The `wardrobe` executable the workers run.
    public var workerBinary: String
    /// The PostgreSQL cluster's conninfo; each run gets a database of its own on it. Nil: SQLite only.
    public var clusterConninfo: String?

    /// A benchmark of the `wardrobe` at `workerBinary`, on the cluster of `clusterConninfo` (nil: SQLite only).
    public init(workerBinary: String, clusterConninfo: String?) {
        self.workerBinary = workerBinary
        self.clusterConninfo = clusterConninfo
    }

    /// Users of the burst are 900000, 900001, …; the warm-up message comes from another user.
    static let firstUserID: Int64 = 900_000
    /// The user of the warm-up message, which checks that the workers answer before the burst.
    static let warmUpUser = FakeUser(id: 899_999, firstName: "Warm")

    /// Runs SQLite, then each PostgreSQL worker count, and returns the table; `progress` gets a line per run.
    public func run(progress: @Sendable (String) -> Void) async throws -> String {
        let perChat = max(1, updates / max(1, chats))
        var rows: [Row] = []
        var setups: [(Backend, Int)] = includeSQLite ? [(.sqlite, 1)] : []
        if clusterConninfo != nil { setups += postgresWorkers.map { (.postgres, $0) } }
        for (backend, workers) in setups {
            let row = try await measure(backend: backend, workers: workers, chats: max(1, chats), perChat: perChat)
            progress(String(
                format: "scale: %@ × %d: %.0f updates/s, queued to reply p50 %.0f ms, p99 %.0f ms", backend.rawValue, workers, row.updatesPerSecond,
                row.queued.p50, row.queued.p99))
            rows.append(row)
        }
        var lines = [
            "scale: \(perChat * max(1, chats)) × /help over \(max(1, chats)) chats (\(perChat) each), queued at once; rate limits off; each worker a `wardrobe run` process;",
            "latency in ms from the update queued at the fake Bot API (in the benchmark's process) to its reply, and from its first delivery by getUpdates to its reply",
            "| backend    | workers | updates/s | queued p50 | queued p99 | delivered p50 | delivered p99 | seconds | extra replies | log warnings | load at start |",
            "|------------|---------|-----------|------------|------------|---------------|---------------|---------|---------------|--------------|---------------|",
        ]
        for row in rows {
            let backend = row.backend.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("| \(backend) " + String(
                format: "| %7d | %9.0f | %10.0f | %10.0f | %13.0f | %13.0f | %7.2f | %13d | %12d | %13.1f |", row.workers, row.updatesPerSecond,
                row.queued.p50, row.queued.p99, row.delivered.p50, row.delivered.p99, row.seconds, row.extraReplies, row.warnings, row.loadAverage))
        }
        if clusterConninfo == nil {
            lines.append("PostgreSQL skipped: set WARDROBE_BENCH_POSTGRES to a cluster's conninfo (make bench starts a private one)")
        }
        return lines.joined(separator: "\n")
    }

    /// One run: fresh workers (and a fresh database), a warm-up reply, then the burst.
    func measure(backend: Backend, workers count: Int, chats: Int, perChat: Int) async throws -> Row {
        let server = try FakeTelegramServer()
        server.recordCalls(false)
        var database: ScaleBenchDatabase?
        var workers: ScaleWorkers?
        do {
            if backend == .postgres, let cluster = clusterConninfo { database = try await ScaleBenchDatabase.create(cluster: cluster) }
            let group = try ScaleWorkers(binary: workerBinary, baseURL: server.baseURL, token: server.token, conninfo: database?.conninfo, count: count)
            workers = group
            try group.startAll()
            try await group.waitUntilReady(within: .seconds(120))
            _ = server.sendText("/help", from: Self.warmUpUser)
            guard await server.wait(timeout: .seconds(120), until: { !$0.messages(inChat: Self.warmUpUser.id).isEmpty }) else {
                throw BenchError("no reply to the warm-up message after 120 s:\n\(group.logTails())")
            }
            let row = try await burst(server: server, workers: group, backend: backend, chats: chats, perChat: perChat)
            await group.stop(keepFolders: keepLogs)
            if keepLogs { FileHandle.standardError.write(Data("scale: logs of \(backend.rawValue) × \(count) kept in \(group.root)\n".utf8)) }
            workers = nil
            try await database?.drop()
            await server.shutdown()
            return row
        } catch {
            await workers?.stop(keepFolders: keepLogs)
            try? await database?.drop()
            await server.shutdown()
            throw error
        }
    }

    private func burst(server: FakeTelegramServer, workers: ScaleWorkers, backend: Backend, chats: Int, perChat: Int) async throws -> Row {
        let users = (0..<chats).map { FakeUser(id: Self.firstUserID + Int64($0), firstName: "User\($0)") }
        let before = server.sentMessageCount
        let load = Self.loadAverage()
        var perUser: [Int64: [Int64]] = [:]
        var queuedAt: [Int64: Date] = [:]
        // Round by round, so every chat has work queued from the start and chats interleave.
        for _ in 0..<perChat {
            for user in users {
                let id = server.sendText("/help", from: user)
                queuedAt[id] = Date()
                perUser[user.id, default: []].append(id)
            }
        }
        let total = chats * perChat
        let timeout = Duration.seconds(max(180, total / 10))
        // The count alone, while waiting: copying every sent message 100 times a second would take the workers' CPU.
        guard await server.wait(timeout: timeout, until: { $0.sentMessageCount >= before + total }) else {
            throw BenchError("\(server.sentMessageCount - before) of \(total) replies after \(timeout):\n\(workers.logTails())")
        }
        let sent = server.messages().filter { perUser[$0.chatID] != nil }
        var replies: [Int64: Int] = [:]
        for message in sent { replies[message.chatID, default: 0] += 1 }
        let unanswered = users.filter { (replies[$0.id] ?? 0) < perChat }.count
        guard unanswered == 0 else { throw BenchError("\(unanswered) chats got fewer replies than updates:\n\(workers.logTails())") }
        let delivered = server.firstDeliveries
        let burstIDs = perUser.values.flatMap { $0 }
        let started = burstIDs.compactMap { delivered[$0] }.min() ?? Date()
        let finished = sent.map(\.at).max() ?? Date()
        return Row(
            backend: backend, workers: workers.count, updates: total, seconds: max(0.001, finished.timeIntervalSince(started)),
            queued: Latency(TelegramBenchServer.latencies(sent: sent, delivered: queuedAt, perChat: perUser)),
            delivered: Latency(TelegramBenchServer.latencies(sent: sent, delivered: delivered, perChat: perUser)),
            extraReplies: sent.count - total, warnings: workers.warningCount(), loadAverage: load)
    }

    /// The 1-minute load average from /proc/loadavg (0 when unreadable).
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return 0 }
        return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
    }
}

/// The median and 99th percentile of latencies in milliseconds.
public struct Latency: Sendable {
    /// The median.
    public let p50: Double
    /// The 99th percentile.
    public let p99: Double

    /// From latencies sorted in ascending order.
    init(_ sorted: [Double]) {
        p50 = TelegramBenchServer.percentile(sorted, 0.5)
        p99 = TelegramBenchServer.percentile(sorted, 0.99)
    }
}

/// A database of its own for one run on the benchmark's cluster, dropped afterwards.
struct ScaleBenchDatabase: Sendable {
    /// `wardrobe_bench_…`.
    let name: String
    /// The cluster's conninfo with this database.
    let conninfo: String
    /// The cluster's own conninfo, for dropping.
    let cluster: String

    /// Creates an empty database with a unique name.
    static func create(cluster: String) async throws -> ScaleBenchDatabase {
        let name = "wardrobe_bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try await PostgresSession.connect(cluster, label: "wardrobe.bench")
        do { _ = try await admin.execute("CREATE DATABASE \(name)") } catch {
            await admin.close()
            throw error
        }
        await admin.close()
        // A later `dbname` overrides the cluster's.
        return ScaleBenchDatabase(name: name, conninfo: cluster + " dbname=\(name)", cluster: cluster)
    }

    /// Drops the database, ending the sessions of workers that are still connected.
    func drop() async throws {
        let admin = try await PostgresSession.connect(cluster, label: "wardrobe.bench")
        do { _ = try await admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } catch {
            await admin.close()
            throw error
        }
        await admin.close()
    }
}
