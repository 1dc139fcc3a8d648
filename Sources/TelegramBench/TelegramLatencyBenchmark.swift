import Bot
import Chat
import Foundation
import HTTP
import Images
import ProductImport
import Secrets
import Sodium
import Storage
import Support
import Synchronization
import Telegram
import TryOn
import WardrobeTestKit

/// How long a person waits, with the default rate limits on: `/help` → reply, a pasted link → its
/// draft, the last try-on photo → the request at the image service, and that request → the result
/// photo sent (the fake answers at once, so this is storing the image and sending it). The worker, the loopback Bot API, a loopback shop and the OpenRouter fake run
/// in this process; every sample comes from a new user, as a person trying the bot would.
public struct TelegramLatencyBenchmark: Sendable {
    /// p50 and p99 of one path, in milliseconds.
    public struct Figure: Sendable {
        public let name: String
        public let samples: [Double]

        func percentile(_ fraction: Double) -> Double {
            let sorted = samples.sorted()
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    /// What one run measured.
    public struct Report: Sendable, CustomStringConvertible {
        public let figures: [Figure]

        public var description: String {
            figures.map { figure in
                String(format: "telegram latency, default limits: %@: p50 %.0f ms, p99 %.0f ms (%d samples)",
                       figure.name, figure.percentile(0.5), figure.percentile(0.99), figure.samples.count)
            }.joined(separator: "\n")
        }
    }

    public var samples = 20
    /// Where occasions.json, keywords.json and prompts.json are read from.
    public var configFolder = "bot-config"

    public init() {}

    public func run() async throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wardrobe-latency-\(UUID())").path
        let server = try FakeTelegramServer()
        let ai = try FakeOpenRouter()
        let shop = try LoopbackShop.start()
        let store = try Store(dataDirectory: folder)
        defer {
            shop.stop()
            ai.stop()
            server.stop()
            store.close()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: .environment(SecretKey.random()))
        try keys.set(ai.key, for: "openrouter")
        let logger = Logger(label: "bench", level: .warning)
        let clock = SystemClock()
        let http = HTTPClient()
        var fetcher = ProductFetcher.Configuration()
        fetcher.allowPrivateNetworks = true
        let environment = try BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, configFolder: configFolder, fetcher: fetcher, http: http)
        var providers = ProviderSettings()
        providers.openRouter.baseURL = ai.baseURL
        let settings = providers
        let resolver = KeyedProviderResolver(
            lookup: { keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
            make: { service, key throws(TryOnError) in ProviderFactory.make(service: service, key: key, settings: settings, http: http) })
        let directory = TransportDirectory()
        let tryOn = TryOnEnvironment.make(
            store: store, images: environment.images, resolver: resolver, prompts: .builtIn,
            settings: TryOnSettings(defaultService: .openrouter, dailyQuota: 0), workerConfiguration: TryOnWorker.Configuration(),
            transports: directory, clock: clock, logger: logger)
        let router = Features.router(environment.adding(tryOn: tryOn))
        // The Bot API's default limits: about 1 message per second per chat, 20 per minute per group, 30 per second.
        let configuration = TelegramConfiguration(apiBaseURL: server.baseURL, pollTimeoutSeconds: 1)
        let client = TelegramClient(token: server.token, baseURL: server.baseURL, transport: http)
        let transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: clock)
        directory.register(transport)
        let dispatcher = ChatDispatcher(router: router, logger: logger)
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock)
        let worker = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await dispatcher.run() }
                group.addTask { try await poller.run() }
                group.addTask { try await tryOn.worker.run() }
                try await group.waitForAll()
            }
        }
        defer { worker.cancel() }
        let selfie = try SyntheticPhoto.generate(width: 1280, height: 960, format: .jpeg, seed: 3)
        let garment = try SyntheticPhoto.generate(width: 1280, height: 960, format: .jpeg, seed: 4)
        var help: [Double] = [], link: [Double] = [], request: [Double] = [], result: [Double] = []
        for sample in 0..<samples {
            let base = 900_000 + Int64(sample * 10)
            // /help → its reply.
            let asker = FakeUser(id: base, firstName: "Help\(sample)")
            let helpUpdate = server.sendText("/help", from: asker)
            if let reply = await firstMessage(server, chat: asker.id) { help.append(elapsed(server, from: helpUpdate, to: reply.at)) }
            // A pasted link → the draft card (the message with buttons).
            let shopper = FakeUser(id: base + 1, firstName: "Shop\(sample)")
            let linkUpdate = server.sendText(shop.url("/products/trouser"), from: shopper)
            if await server.wait(timeout: .seconds(30), until: { $0.messages(inChat: shopper.id).contains { !$0.buttons.isEmpty } }),
               let card = server.messages(inChat: shopper.id).first(where: { !$0.buttons.isEmpty }) {
                link.append(elapsed(server, from: linkUpdate, to: card.at))
            }
            // The last try-on photo → the request at the image service; the look saved → its photo sent.
            let wearer = FakeUser(id: base + 2, firstName: "Wear\(sample)")
            server.sendPhoto([.init(width: 1280, height: 960, bytes: selfie)], caption: "me", from: wearer)
            _ = await server.wait(timeout: .seconds(30)) { !$0.messages(inChat: wearer.id).isEmpty }
            let before = ai.requests.count
            let last = server.sendPhoto([.init(width: 1280, height: 960, bytes: garment)], caption: "wear", from: wearer)
            if await server.wait(timeout: .seconds(30), until: { _ in ai.requests.count > before }) {
                request.append(elapsed(server, from: last, to: ai.requests[before].raw.receivedAt))
            }
            let delivered = await server.wait(timeout: .seconds(30)) { $0.messages(inChat: wearer.id).contains { $0.kind == "photo" } }
            if delivered, ai.requests.count > before, let photo = server.messages(inChat: wearer.id).first(where: { $0.kind == "photo" }) {
                // The fake answers at once, so this is the image's download, checks, storage and the send.
                result.append(photo.at.timeIntervalSince(ai.requests[before].raw.receivedAt) * 1000)
            }
        }
        await tryOn.worker.shutdown()
        await poller.shutdown()
        await dispatcher.finish()
        return Report(figures: [
            Figure(name: "/help → reply", samples: help), Figure(name: "link → draft", samples: link),
            Figure(name: "last try-on photo → provider request", samples: request), Figure(name: "provider request → result photo sent (storing the image included)", samples: result),
        ])
    }

    private func firstMessage(_ server: FakeTelegramServer, chat: Int64) async -> FakeSentMessage? {
        guard await server.wait(timeout: .seconds(30), until: { !$0.messages(inChat: chat).isEmpty }) else { return nil }
        return server.messages(inChat: chat).first
    }

    /// Milliseconds from the first delivery of `update` to the worker until `end`.
    private func elapsed(_ server: FakeTelegramServer, from update: Int64, to end: Date) -> Double {
        guard let start = server.firstDeliveries[update] else { return .nan }
        return end.timeIntervalSince(start) * 1000
    }
}
