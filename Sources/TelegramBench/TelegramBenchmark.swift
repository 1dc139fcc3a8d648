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
/// measures throughput, delivery-to-reply latency and the worker's peak memory. Rate limits are off.
///
/// The fake Bot API runs in a child process (`serverCommand`, e.g. `wardrobe bench telegram --server`)
/// so this process's peak RSS is the worker's alone; the child measures latency on its own clock.
public struct TelegramBenchmark: Sendable {
    /// What one run measured.
    public struct Report: Sendable, CustomStringConvertible {
        public let updates: Int
        public let chats: Int
        public let seconds: Double
        public let p50Milliseconds: Double
        public let p99Milliseconds: Double
        /// VmHWM of the worker process, in MB.
        public let peakRSSMegabytes: Double
        /// VmRSS of the worker process before it started polling, in MB.
        public let baselineRSSMegabytes: Double
        /// getUpdates calls the worker made (each returns at most 100 updates).
        public let fetches: Int
        /// Sends in flight at once.
        public let maxInFlight: Int

        public var updatesPerSecond: Double { Double(updates) / seconds }

        public var description: String {
            String(format: "telegram: %d updates across %d chats in %.2f s = %.0f updates/s; latency p50 %.1f ms, p99 %.1f ms; worker peak RSS %.1f MB (%.1f MB before polling started); %d getUpdates calls; %d send(s) in flight; the loopback Bot API ran in a separate process",
                   updates, chats, seconds, updatesPerSecond, p50Milliseconds, p99Milliseconds, peakRSSMegabytes, baselineRSSMegabytes, fetches, maxInFlight)
        }
    }

    public var updates = 10_000
    public var chats = 500
    public var closetSize = 200
    /// Bot API sends in flight at once (`telegram.outbox.max_in_flight`); nil: the default for these limits.
    public var maxInFlight: Int?
    /// Where occasions.json and keywords.json are read from.
    public var configFolder = "bot-config"
    /// The command line that starts the fake Bot API in a child process.
    public var serverCommand: [String]

    public init(serverCommand: [String]) {
        self.serverCommand = serverCommand
    }

    /// Runs the benchmark once: starts the server process, then the worker here.
    public func run() async throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wardrobe-bench-\(UUID())").path
        let server = try BenchServerProcess(command: serverCommand + [String(updates), String(chats), String(closetSize), folder])
        defer { server.stop() }
        // The server process seeds the closets into `folder` before it says READY.
        let ready = try server.readLine(prefix: "READY ")
        let parts = ready.split(separator: " ").map(String.init)
        guard parts.count == 2 else { throw BenchError("bad server greeting: \(ready)") }
        let (baseURL, token) = (parts[0], parts[1])
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
        let configuration = TelegramConfiguration(apiBaseURL: baseURL, pollTimeoutSeconds: 1, rateLimits: .unlimited, maxInFlightSends: maxInFlight)
        let inFlight = configuration.effectiveMaxInFlightSends
        let client = TelegramClient(token: token, baseURL: baseURL, transport: HTTPClient())
        let transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: clock)
        let dispatcher = ChatDispatcher(router: router, logger: logger)
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock)
        let baseline = Double(ProcessMemory.currentResident()) / 1_048_576
        let worker = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await dispatcher.run() }
                group.addTask { try await poller.run() }
                try await group.waitForAll()
            }
        }
        // The server says DONE once every update got its reply: seconds, p50 and p99 on its clock.
        let done = try await Task.detached { try server.readLine(prefix: "DONE ") }.value
        await poller.shutdown()
        await dispatcher.finish()
        worker.cancel()
        _ = await worker.result
        let figures = done.split(separator: " ").compactMap { Double($0) }
        guard figures.count == 4 else { throw BenchError("bad server result: \(done)") }
        return Report(
            updates: updates, chats: chats, seconds: figures[0], p50Milliseconds: figures[1], p99Milliseconds: figures[2],
            peakRSSMegabytes: Double(ProcessMemory.peakResident()) / 1_048_576, baselineRSSMegabytes: baseline, fetches: Int(figures[3]),
            maxInFlight: inFlight)
    }
}

/// A benchmark set-up problem.
struct BenchError: InternalError, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
