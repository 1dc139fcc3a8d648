import Bot
import Chat
import Closet
import Foundation
import HTTP
import Images
import JSON
import ProductImport
import Secrets
import Storage
import Support
import TryOn
import WardrobeTestKit

/// A bot with try-on wired to a scripted provider, a recording transport and a manual clock.
final class TryOnHarness: @unchecked Sendable {
    // @unchecked: mutated only from the test's own task (`workerTask`), everything else is immutable or Sendable.
    let folder: String
    let store: Store
    let keys: KeyStore
    let masterKey: MasterKeySource
    let clock = ManualClock()
    let provider = ScriptedTryOnProvider()
    let transport: RecordingChatTransport
    let transports = TransportDirectory()
    let images = ImageProcessor()
    let tryOn: TryOnEnvironment
    let router: Router
    let logs = MemoryLogSink()
    var workerTask: Task<Void, any Error>?

    static let operatorKey = "sk-operator-key-0000"

    /// `factory` builds real providers (e.g. pointed at the loopback fakes); by default the scripted provider answers.
    init(
        transport: RecordingChatTransport = RecordingChatTransport(), dailyQuota: Int = 0, operatorKey: Bool = true,
        store existing: (Store, String)? = nil, factory: KeyedProviderResolver.Factory? = nil, defaultService: TryOnService = .openrouter
    ) throws {
        if let existing {
            (store, folder) = existing
        } else {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tryon-\(UUID())").path
            store = try Store(dataDirectory: folder)
        }
        masterKey = try MasterKeySource.resolve(environment: [:], dataDirectory: folder)
        keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: masterKey)
        if operatorKey { try keys.set(Self.operatorKey, for: "openrouter") }
        self.transport = transport
        transports.register(transport)
        let logger = Logger(label: "test", level: .debug, sink: logs)
        let provider = self.provider
        let resolver = KeyedProviderResolver(
            lookup: { [keys] in keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
            make: factory ?? { _, key in provider.built(key: key) })
        tryOn = TryOnEnvironment.make(
            store: store, images: images, resolver: resolver, prompts: PromptCatalog.builtInForTests,
            settings: TryOnSettings(defaultService: defaultService, dailyQuota: dailyQuota),
            workerConfiguration: TryOnWorker.Configuration(globalConcurrency: 4, providerTimeout: 180, backoff: Backoff(base: 10, cap: 60)),
            transports: transports, clock: clock, logger: logger)
        let rules = try KeywordRules(json: JSON.parse(String(contentsOfFile: "\(BotHarness.configFolder)/keywords.json", encoding: .utf8)))
        router = Features.router(BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: OccasionCatalog(occasions: []), rules: rules,
            fetcher: ProductFetcher(configuration: ProductFetcher.Configuration(), http: HTTPClient()), images: images, nextSeed: { 7 },
            tryOn: tryOn))
    }

    /// Starts the worker in the background.
    func startWorker() {
        let worker = tryOn.worker
        workerTask = Task { try await worker.run() }
    }

    /// Stops the worker and waits for it.
    func stopWorker() async {
        await tryOn.worker.shutdown()
        _ = await workerTask?.result
        workerTask = nil
    }

    func close() async {
        await stopWorker()
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: Events

    private var counter = Counter()

    func event(_ payload: EventPayload, chat: String = "c1", kind: ChatKind = .privateChat, user: String = "u1", replyTo: MessageRef? = nil) -> ChatEvent {
        let number = counter.next()
        return ChatEvent(
            id: "e\(number)", chat: ChatAddress(transport: transport.name, id: chat, kind: kind), sender: Sender(id: user, displayName: "Ana"),
            payload: payload, message: MessageRef(chatID: chat, messageID: "in-\(number)"), replyTo: replyTo, date: clock.now())
    }

    func command(_ name: String, _ arguments: String = "", kind: ChatKind = .privateChat, chat: String = "c1", replyTo: MessageRef? = nil) async {
        await router.handle(event(.command(name: name, arguments: arguments), chat: chat, kind: kind, replyTo: replyTo), via: transport)
    }

    func text(_ text: String, replyTo: MessageRef? = nil) async {
        await router.handle(event(.text(text), replyTo: replyTo), via: transport)
    }

    func photos(_ photos: [[UInt8]], caption: String? = nil) async {
        let attachments = photos.enumerated().map { index, bytes in
            Attachment(id: "file-\(index)", mimeType: "image/jpeg", byteCount: bytes.count) { bytes }
        }
        await router.handle(event(.photos(attachments, caption: caption)), via: transport)
    }

    /// Presses the most recent button titled `title`; false when there is none.
    @discardableResult
    func press(_ title: String) async -> Bool {
        guard let button = transport.button(title) else { return false }
        await router.handle(event(.button(token: button.token)), via: transport)
        return true
    }

    // MARK: Data

    static func selfie(seed: Int = 1) throws -> [UInt8] { try SyntheticPhoto.generate(width: 600, height: 800, format: .jpeg, seed: seed) }
    static func garment(seed: Int = 2) throws -> [UInt8] { try SyntheticPhoto.generate(width: 500, height: 500, format: .jpeg, seed: seed) }

    var user: UserRecord {
        get async throws { try await store.user(transport: transport.name, externalID: "u1") }
    }

    func jobs() async throws -> [JobRecord] {
        let user = try await user
        return try await store.jobs(userID: user.id, kind: TryOnJobPayload.kind, since: .distantPast)
    }

    func looks() async throws -> [LookRecord] {
        try await store.looks(userID: try await user.id, limit: 100).reversed()
    }

    func imageCount() async throws -> Int {
        try await store.database.run { db in Int(try db.first("SELECT count(*) AS n FROM images")?.int("n") ?? 0) }
    }

    /// Waits (real time, up to 20 s) until `condition` holds.
    func eventually(_ what: String = "condition", _ condition: () async throws -> Bool) async throws {
        for _ in 0..<2000 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HarnessTimeout(what: what)
    }
}

struct HarnessTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Numbers events.
struct Counter {
    private var value = 0
    mutating func next() -> Int {
        value += 1
        return value
    }
}

extension PromptCatalog {
    /// The repository's prompts.json, so tests see the real templates.
    static var builtInForTests: PromptCatalog {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/prompts.json").path
        guard let data = FileManager.default.contents(atPath: path), let catalog = try? PromptCatalog(jsonText: String(decoding: data, as: UTF8.self)) else {
            return .builtIn
        }
        return catalog
    }
}
