import Bot
import Chat
import Closet
import Foundation
import HTTP
import Secrets
import Sodium
import Storage
import Support
import Telegram
import WardrobeTestKit

/// Drives the Telegram worker through the loopback Bot API server with many text updates and
/// measures throughput, delivery-to-reply latency and peak memory. Rate limits are off.
public struct TelegramBenchmark: Sendable {
    /// What one run measured.
    public struct Report: Sendable, CustomStringConvertible {
        public let updates: Int
        public let chats: Int
        public let seconds: Double
        public let p50Milliseconds: Double
        public let p99Milliseconds: Double
        /// VmHWM of this process (worker and fake server together), in MB.
        public let peakRSSMegabytes: Double
        /// VmRSS just before the worker started (the fake server holding every queued update), in MB.
        public let baselineRSSMegabytes: Double

        public var updatesPerSecond: Double { Double(updates) / seconds }

        public var description: String {
            String(format: "telegram: %d updates across %d chats in %.2f s = %.0f updates/s; latency p50 %.1f ms, p99 %.1f ms; peak RSS %.1f MB (VmHWM of one process holding worker and loopback server; %.1f MB before the worker started, so the worker added at most %.1f MB)",
                   updates, chats, seconds, updatesPerSecond, p50Milliseconds, p99Milliseconds, peakRSSMegabytes, baselineRSSMegabytes,
                   peakRSSMegabytes - baselineRSSMegabytes)
        }
    }

    public var updates = 10_000
    public var chats = 500
    public var closetSize = 200
    /// Where occasions.json and keywords.json are read from.
    public var configFolder = "bot-config"

    public init() {}

    /// Runs the benchmark once.
    public func run() async throws -> Report {
        let server = try FakeTelegramServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wardrobe-bench-\(UUID())").path
        let store = try Store(dataDirectory: folder)
        defer {
            store.close()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: .environment(SecretKey.random()))
        let logger = Logger(label: "bench", level: .warning)
        let clock = SystemClock()
        let environment = try BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, configFolder: configFolder, fetcher: .init(), http: HTTPClient())
        let router = Features.router(environment)
        // Every chat's user owns a generated 200-piece closet, so /outfit does real work.
        let generator = ClosetGenerator(now: clock.now())
        for chat in 0..<chats {
            let user = try await store.user(transport: "telegram", externalID: String(10_000 + chat))
            _ = try await store.addItems(generator.closet(size: closetSize, seed: UInt64(chat)), userID: user.id)
        }
        let configuration = TelegramConfiguration(apiBaseURL: server.baseURL, pollTimeoutSeconds: 1, rateLimits: .unlimited)
        let client = TelegramClient(token: server.token, baseURL: server.baseURL, transport: HTTPClient())
        let transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: clock)
        let dispatcher = ChatDispatcher(router: router, logger: logger)
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock)
        var perChat: [Int64: [Int64]] = [:]
        for index in 0..<updates {
            let user = FakeUser(id: 10_000 + Int64(index % chats), firstName: "User\(index % chats)")
            let text = index % 2 == 0 ? "/help" : "/outfit business"
            perChat[user.id, default: []].append(server.sendText(text, from: user))
        }
        server.recordCalls(false)
        let baseline = TelegramBenchmark.memoryMegabytes("VmRSS:")
        let started = Date()
        let worker = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await dispatcher.run() }
                group.addTask { try await poller.run() }
                try await group.waitForAll()
            }
        }
        let total = updates
        _ = await server.wait(timeout: .seconds(600)) { $0.messages().count >= total }
        let finished = server.messages().map(\.at).max() ?? Date()
        await poller.shutdown()
        await dispatcher.finish()
        worker.cancel()
        _ = await worker.result
        let latencies = TelegramBenchmark.latencies(server: server, perChat: perChat)
        await server.shutdown()
        return Report(
            updates: updates, chats: chats, seconds: finished.timeIntervalSince(started),
            p50Milliseconds: TelegramBenchmark.percentile(latencies, 0.5), p99Milliseconds: TelegramBenchmark.percentile(latencies, 0.99),
            peakRSSMegabytes: TelegramBenchmark.memoryMegabytes("VmHWM:"), baselineRSSMegabytes: baseline)
    }

    /// Each chat's k-th reply answers its k-th update (one reply per command).
    static func latencies(server: FakeTelegramServer, perChat: [Int64: [Int64]]) -> [Double] {
        let delivered = server.firstDeliveries
        var replies: [Int64: [Date]] = [:]
        for message in server.messages() { replies[message.chatID, default: []].append(message.at) }
        var result: [Double] = []
        for (chat, ids) in perChat {
            for (id, reply) in zip(ids, replies[chat] ?? []) {
                if let start = delivered[id] { result.append(reply.timeIntervalSince(start) * 1000) }
            }
        }
        return result.sorted()
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// A memory line of /proc/self/status (VmHWM, VmRSS), in MB.
    static func memoryMegabytes(_ key: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}
