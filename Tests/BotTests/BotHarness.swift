import Bot
import Chat
import Closet
import Foundation
import HTTP
import Images
import JSON
import ProductImport
import Secrets
import Sodium
import Storage
import Support
import WardrobeTestKit

/// A complete bot on a temporary data folder: real store, key file, rules and router,
/// talking through a recording transport.
final class BotHarness: Sendable {
    let folder: String
    let store: Store
    let keys: KeyStore
    let router: Router
    let transport: RecordingTransport
    let logs = MemoryLogSink()
    let clock: ManualClock

    /// The repository's bot-config folder (the shipped rules and occasions).
    static let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path

    /// The master key sealing the harness's key file.
    let masterKey: SecretKey

    /// A bot on a new temporary folder, or on `folder` (e.g. a restored backup) opened with `masterKey`.
    init(
        inlineButtons: Bool = false, allowPrivateNetworks: Bool = true, lookup: (any HostLookup)? = nil, folder: String? = nil,
        masterKey: SecretKey = SecretKey.random(), explainer: OutfitExplainer? = nil
    ) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("bot-\(UUID())").path
        self.masterKey = masterKey
        store = try Store(dataDirectory: self.folder)
        keys = try KeyStore.open(path: "\(self.folder)/secrets.enc", key: .environment(masterKey))
        clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let occasions = try OccasionCatalog(jsonText: String(contentsOfFile: "\(Self.configFolder)/occasions.json", encoding: .utf8))
        let rules = try KeywordRules(json: JSON.parse(String(contentsOfFile: "\(Self.configFolder)/keywords.json", encoding: .utf8)))
        var fetching = ProductFetcher.Configuration()
        fetching.allowPrivateNetworks = allowPrivateNetworks
        let fetcher = lookup.map { ProductFetcher(configuration: fetching, http: HTTPClient(), lookup: $0) }
            ?? ProductFetcher(configuration: fetching, http: HTTPClient())
        let environment = BotEnvironment(
            store: store, keys: keys, logger: Logger(label: "test", sink: logs), clock: clock, occasions: occasions, rules: rules,
            fetcher: fetcher, images: ImageProcessor(), nextSeed: { 42 })
        router = Features.router(environment.adding(explainer: explainer))
        transport = RecordingTransport(name: "console", inlineButtons: inlineButtons)
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends one event from `user` in `chat` and waits until it is handled.
    func send(_ payload: EventPayload, user: String = "ana", chat: String = "ana", kind: ChatKind = .privateChat) async {
        let event = ChatEvent(
            id: UUID().uuidString, chat: ChatAddress(transport: "console", id: chat, kind: kind), sender: Sender(id: user, displayName: user.capitalized),
            payload: payload, message: MessageRef(chatID: chat, messageID: UUID().uuidString), date: clock.now())
        await router.handle(event, via: transport)
    }

    /// Sends a line as the console would: commands parsed, other text as text.
    func say(_ line: String, user: String = "ana", chat: String = "ana", kind: ChatKind = .privateChat) async {
        if let command = CommandParser.parse(line, botUsername: nil) {
            await send(.command(name: command.name, arguments: command.arguments), user: user, chat: chat, kind: kind)
        } else {
            await send(.text(line), user: user, chat: chat, kind: kind)
        }
    }

    /// Presses the button with this title on the last message that had buttons.
    func press(_ title: String, user: String = "ana", chat: String = "ana", kind: ChatKind = .privateChat) async throws {
        guard let button = transport.button(title) else {
            throw UserMessageError("no button \(title) among \(transport.lastButtons.map(\.title))")
        }
        await send(.button(token: button.token), user: user, chat: chat, kind: kind)
    }

    /// The last text the bot sent.
    var lastText: String { transport.readable.last ?? "" }

    /// The closet of a console user.
    func closet(of user: String = "ana") async throws -> [ClosetItem] {
        guard let record = try await store.user(key: "console:\(user)") else { return [] }
        return try await store.items(userID: record.id)
    }
}
