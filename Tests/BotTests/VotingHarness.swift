@testable import Bot
import Chat
import Closet
import Foundation
import HTTP
import Images
import JSON
import Localization
import ProductImport
import Secrets
import Sodium
import Storage
import Support
import WardrobeTestKit

/// A bot with group voting (and the daily outfit) on a data folder, a manual clock and a
/// recording transport registered in a transport directory, so votes close outside handlers too.
final class VotingHarness: Sendable {
    let folder: String
    let store: Store
    let clock: ManualClock
    let transport: RecordingTransport
    let transports = TransportDirectory()
    let router: Router
    let voting: GroupVoting
    let daily: DailyEnvironment
    let logs = MemoryLogSink()
    static let group = "group-1"

    /// `polls: true` behaves like Telegram, false like Matrix (numbered notice); `folder` reopens an earlier harness's data.
    init(polls: Bool = true, folder existing: String? = nil, now: Date = Date(timeIntervalSince1970: 1_800_000_000), dailySettings: DailySettings = DailySettings()) throws {
        folder = existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("voting-\(UUID())").path
        store = try Store(dataDirectory: folder)
        clock = ManualClock(now: now)
        transport = RecordingTransport(name: polls ? "telegram" : "matrix", inlineButtons: polls, polls: polls, botUserID: "bot")
        transports.register(transport)
        let keys = try KeyStore.open(path: "\(folder)/secrets-\(UUID()).enc", key: .environment(SecretKey.random()))
        let occasions = try OccasionCatalog(jsonText: String(contentsOfFile: "\(BotHarness.configFolder)/occasions.json", encoding: .utf8))
        let rules = try KeywordRules(json: JSON.parse(String(contentsOfFile: "\(BotHarness.configFolder)/keywords.json", encoding: .utf8)))
        let logger = Logger(label: "test", level: .debug, sink: logs)
        let environment = BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules,
            fetcher: ProductFetcher(configuration: ProductFetcher.Configuration(), http: HTTPClient()), images: ImageProcessor(),
            nextSeed: { 42 })
        let outbound = OutboundMessenger(transports: transports, store: store, clock: clock)
        voting = GroupVoting(outbound: outbound, settings: VotingSettings(defaultWindowMinutes: 10), logger: logger)
        daily = environment.makeDaily(outbound: outbound, settings: dailySettings)
        router = Features.router(environment.adding(voting: voting).adding(daily: daily))
    }

    /// A new daily service on the same store and composer (a service does not run again after `shutdown()`).
    func restartedDailyService() -> DailyService {
        DailyService(outbound: daily.service.outbound, composer: daily.service.composer, settings: daily.settings, logger: daily.service.logger)
    }

    func close() {
        store.close()
    }

    func remove() {
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends one event from `user` (whose app is in `language`, when given) and waits until it is handled.
    func send(
        _ payload: EventPayload, user: String, chat: String = VotingHarness.group, kind: ChatKind = .group, replyTo: MessageRef? = nil,
        language: Language? = nil
    ) async {
        let event = ChatEvent(
            id: UUID().uuidString, chat: ChatAddress(transport: transport.name, id: chat, kind: kind),
            sender: Sender(id: user, displayName: user.capitalized, language: language), payload: payload,
            message: MessageRef(chatID: chat, messageID: UUID().uuidString), replyTo: replyTo, date: clock.now())
        await router.handle(event, via: transport)
    }

    /// A line as a user types it: commands parsed, other text as text.
    func say(_ line: String, user: String, chat: String = VotingHarness.group, kind: ChatKind = .group, language: Language? = nil) async {
        if let command = CommandParser.parse(line, botUsername: nil) {
            await send(.command(name: command.name, arguments: command.arguments), user: user, chat: chat, kind: kind, language: language)
        } else {
            await send(.text(line), user: user, chat: chat, kind: kind, language: language)
        }
    }

    /// A ballot from `user` (`[]` takes it back) on the poll `pollID`.
    func vote(_ options: [Int], user: String, pollID: String = "poll-1") async {
        await send(.vote(pollID: pollID, options: options), user: user)
    }

    /// Presses the most recent button titled `title`.
    func press(_ title: String, user: String) async throws {
        let button = transport.messages.reversed().lazy.compactMap { $0.buttons?.flatMap { $0 }.first { $0.title == title } }.first
        guard let button else { throw UserMessageError("no button \(title)") }
        await send(.button(token: button.token), user: user)
    }

    /// Gives `user` a closet with three tops, three bottoms and two pairs of shoes: at least three
    /// dinner outfits that differ in two pieces or more.
    func addCloset(for user: String) async throws {
        let record = try await store.user(transport: transport.name, externalID: user, displayName: user.capitalized)
        let pieces: [ClosetItem] = [
            ClosetItem(name: "White shirt", category: .top, formality: 3, color: ItemColor(name: "white", family: .white)),
            ClosetItem(name: "Blue shirt", category: .top, formality: 3, color: ItemColor(name: "light blue", family: .blue)),
            ClosetItem(name: "Grey trousers", category: .bottom, formality: 3, color: ItemColor(name: "grey", family: .grey)),
            ClosetItem(name: "Navy chinos", category: .bottom, formality: 3, color: ItemColor(name: "navy", family: .navy)),
            ClosetItem(name: "Brown loafers", category: .shoes, formality: 3, color: ItemColor(name: "brown", family: .brown)),
            ClosetItem(name: "Cream knit", category: .top, formality: 3, color: ItemColor(name: "cream", family: .white)),
            ClosetItem(name: "Beige trousers", category: .bottom, formality: 3, color: ItemColor(name: "beige", family: .beige)),
            ClosetItem(name: "Black oxfords", category: .shoes, formality: 3, color: ItemColor(name: "black", family: .black)),
        ]
        _ = try await store.addItems(pieces, userID: record.id)
    }

    /// Every poll sent: question, options and close date.
    var polls: [(question: String, options: [String], closeDate: Date?)] {
        transport.messages.compactMap { if case .poll(let q, let o, let d) = $0 { return (q, o, d) } else { return nil } }
    }

    /// How many polls were stopped.
    var stoppedPolls: Int {
        transport.messages.filter { if case .stopPoll = $0 { return true } else { return false } }.count
    }

    /// The group's open vote, if any.
    func openVote() async throws -> VoteRecord? {
        let chat = try await store.chat(transport: transport.name, externalID: Self.group, kind: .group)
        return try await store.openVote(chatID: chat.id)
    }

    /// The vote with this id.
    func vote(id: Int64) async throws -> VoteRecord? { try await store.vote(id: id) }

    /// Waits (briefly, on real time) until `condition` holds; background services run meanwhile.
    func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        for _ in 0..<2_000 {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return try await condition()
    }
}
