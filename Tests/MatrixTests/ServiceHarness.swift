import Bot
import Chat
import Foundation
import HTTP
import JSON
import Matrix
import ProductImport
import Secrets
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

/// A Matrix service over a fake homeserver, a temporary store and a small router.
struct ServiceHarness {
    let folder: String
    let store: Store
    let keys: KeyStore
    let server = FakeHomeserver()
    let dispatcher: ChatDispatcher
    let service: MatrixService
    /// Holds `/slow` until opened.
    let gate = Flag()
    static let configuration = MatrixConfiguration(
        homeserverURL: "http://hs.test/", userID: "@bot:test", inviteAllowlist: InviteAllowlist(["@ana:test", "friends.test"]),
        backoff: Backoff(base: 0.01, cap: 0.05), sendAttempts: 3)

    /// `wholeBot` serves the real feature router (bot-config/ files) instead of the small test router.
    init(
        token: String? = "stored-token-1", password: String? = nil, device: String? = nil, wholeBot: Bool = false,
        clock: any WallClock = SystemClock(), configuration: MatrixConfiguration = ServiceHarness.configuration
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try Store(dataDirectory: folder)
        keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: [:], dataDirectory: folder))
        if let token { try keys.set(token, for: SecretName.matrixAccessToken) }
        if let password { try keys.set(password, for: SecretName.matrixPassword) }
        if let device { try keys.set(device, for: SecretName.matrixDeviceID) }
        let logger = Logger(label: "test", sink: MemoryLogSink())
        let router: Router
        if wholeBot {
            let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
            router = Features.router(try BotEnvironment(
                store: store, keys: keys, logger: logger, clock: SystemClock(), configFolder: configFolder,
                fetcher: ProductFetcher.Configuration(), http: HTTPClient()))
        } else {
            router = ServiceHarness.router(store, logger: logger, gate: gate)
        }
        dispatcher = ChatDispatcher(router: router, logger: logger)
        service = MatrixService(
            configuration: configuration, http: server, keys: keys, store: store, dispatcher: dispatcher, clock: clock, logger: logger)
    }

    /// `/echo TEXT` answers TEXT; `/ask` offers two buttons; pressing one answers its title; `/slow`
    /// answers "slow done" once `gate` is set (or after 30 s).
    static func router(_ store: any ChatStore, logger: Logger, gate: Flag) -> Router {
        var builder = RouterBuilder()
        builder.add(Command("slow", summary: "wait") { context, _ in
            let deadline = ContinuousClock.now + .seconds(30)
            while !gate.isSet, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            try await context.reply("slow done")
        })
        builder.add(Command("echo", summary: "repeat") { context, arguments in try await context.reply(RichText.plain(arguments)) })
        builder.add(Command("ask", summary: "choose") { context, _ in
            let a = try await context.button("A", action: TestButtonAction("pick"), payload: ["title": "A"])
            let b = try await context.button("B", action: TestButtonAction("pick"), payload: ["title": "B"])
            try await context.reply("Pick one", buttons: [[a, b]])
        })
        builder.onButton(TestButtonAction("pick")) { context, record in
            try await context.reply(RichText.plain("picked \(record.payload["title"]?.string ?? "?")"))
        }
        return builder.build(store: store, logger: logger, clock: SystemClock(), welcome: "hi")
    }

    /// Runs the service until `done` holds (or 60 s pass, generous for a loaded machine), then shuts down; rethrows a fatal service error.
    func run(until done: @escaping @Sendable () async -> Bool) async throws {
        let stopped = Flag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await dispatcher.run() }
            group.addTask {
                do {
                    try await service.run()
                } catch {
                    stopped.set()
                    await dispatcher.finish()
                    throw error
                }
            }
            let deadline = ContinuousClock.now + .seconds(60)
            while !stopped.isSet, !(await done()), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            await service.shutdown()
            await dispatcher.finish()
            try await group.waitForAll()
        }
    }

    /// The plain bodies the bot sent, in order.
    var sentBodies: [String] { server.sentMessages.compactMap { $0["body"]?.string } }

    func cleanUp() {
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A one-way flag shared between tasks.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
