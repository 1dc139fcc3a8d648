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

/// The Telegram worker wired to a fake Bot API server, a fresh store and a router, for end-to-end tests.
final class TelegramHarness: Sendable {
    let server: FakeTelegramServer
    let folder: String
    let store: Store
    let keys: KeyStore
    let logs = MemoryLogSink()
    let logger: Logger
    let transport: TelegramTransport
    let dispatcher: ChatDispatcher
    let poller: TelegramPoller
    let router: Router
    let configuration: TelegramConfiguration

    /// Quick timings so tests run fast; limits off unless a test sets them.
    static func quickConfiguration(_ base: String) -> TelegramConfiguration {
        TelegramConfiguration(
            apiBaseURL: base, pollTimeoutSeconds: 1, albumWindowSeconds: 0.3, progressIntervalSeconds: 0.05, rateLimits: .unlimited,
            backoff: Backoff(base: 0.05, cap: 0.2), conflictBackoff: Backoff(base: 0.05, cap: 0.2))
    }

    /// A worker on a new fake server and data folder, or, for a restart, on `reusing` another harness's
    /// server and folder (stop that one with `keepingServerAndData` first).
    init(
        token: String? = nil, downloadLimit: Int? = 20 * 1024 * 1024,
        configure: (inout TelegramConfiguration) -> Void = { _ in },
        reusing previous: TelegramHarness? = nil,
        router makeRouter: ((BotEnvironment) -> Router)? = nil
    ) throws {
        server = try previous?.server ?? FakeTelegramServer(downloadLimit: downloadLimit)
        folder = previous?.folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("tg-\(UUID())").path
        store = try Store(dataDirectory: folder)
        // Each harness has its own random key, so a restarted one opens its own key file.
        keys = try KeyStore.open(path: "\(folder)/secrets-\(UUID()).enc", key: .environment(SecretKey.random()))
        logger = Logger(label: "telegram", level: .debug, sink: logs)
        var configuration = TelegramHarness.quickConfiguration(server.baseURL)
        configure(&configuration)
        self.configuration = configuration
        let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        let environment = try BotEnvironment(
            store: store, keys: keys, logger: logger, clock: SystemClock(), configFolder: configFolder, fetcher: .init(),
            http: HTTPClient(), nextSeed: { 7 })
        router = makeRouter?(environment) ?? Features.router(environment)
        let client = TelegramClient(token: token ?? server.token, baseURL: configuration.apiBaseURL, transport: HTTPClient())
        transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: SystemClock())
        dispatcher = ChatDispatcher(router: router, logger: logger)
        poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: SystemClock())
    }

    /// Runs the dispatcher and the poller until `stop()`; the task's error is the poller's.
    func start() -> Task<Void, any Error> {
        Task { [dispatcher, poller] in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await dispatcher.run() }
                group.addTask {
                    defer { Task { await dispatcher.finish() } }
                    try await poller.run()
                }
                try await group.waitForAll()
            }
        }
    }

    /// Stops polling, lets queued events finish, and removes the temporary folder (unless
    /// `keepingServerAndData`, for a harness that restarts on them).
    func stop(_ task: Task<Void, any Error>, keepingServerAndData: Bool = false) async {
        await poller.shutdown()
        await dispatcher.finish()
        _ = await task.result
        store.close()
        guard !keepingServerAndData else { return }
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends through the outbox (the harness must be started) and waits until the sender is done with it.
    @discardableResult
    func sendAndWait(_ message: OutgoingMessage, to chat: ChatAddress, timeout: Duration = .seconds(10)) async throws -> [MessageRef] {
        let refs = try await transport.send(message, to: chat)
        _ = await waitUntilSent(timeout: timeout)
        return refs
    }

    /// Waits until every outbox row was sent, given up or dropped.
    func waitUntilSent(timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? await store.pendingOutbox(transport: "telegram").isEmpty) == true, await transport.sender.pendingCount() == 0 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Log lines containing `text`.
    func logLines(containing text: String) -> [String] { logs.lines.filter { $0.contains(text) } }

    /// Waits until the bot has sent at least `count` messages to `chat`.
    func waitForMessages(_ count: Int, inChat chat: Int64, timeout: Duration = .seconds(10)) async -> Bool {
        await server.wait(timeout: timeout) { $0.messages(inChat: chat).count >= count }
    }

    /// Waits until every queued update was confirmed and recorded.
    func waitUntilProcessed(_ ids: [Int64], timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let done = try? await store.processedIDs(transport: "telegram", among: ids.map(String.init))
            if done?.count == ids.count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
