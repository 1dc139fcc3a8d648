import Foundation
import JSON
import PostgresTestKit
import Scale
import Storage
import Testing

/// The feature protocols this contract covers, with the chat core to make users and chats.
typealias FeatureStores = ChatStore & LookStore & JobStore & VoteStore & ScheduleStore & TransportCacheStore

/// The implementations of the features' protocols the contracts run against: the closet, images,
/// wears and accounts, and the looks, jobs, votes, schedules and transport caches (the in-memory fake
/// keeps only the chat core, so it is not one of them).
enum FeatureStoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `Storage.Store` on a SQLite file in a fresh temporary folder.
    case sqlite
    /// `Scale.PostgresStore` on a fresh, migrated database of the private cluster.
    case postgres

    var testDescription: String { rawValue }

    /// The backends the contracts run on here: PostgreSQL only with a cluster (its absence shows as
    /// the skipped `PostgresStoreTests`, with the reason).
    static var available: [FeatureStoreBackend] { TestDatabase.isConfigured ? allCases : [.sqlite] }

    /// Runs `body` with an empty store of this backend and removes the store afterwards, also on failure
    /// (the chat core's contract makes the stores; both are whole `WardrobeStore`s).
    func withStore(_ body: (any WardrobeStore) async throws -> Void) async throws {
        let base: ChatStoreBackend = self == .sqlite ? .sqlite : .postgres
        try await base.withStore { store in try await body(try #require(store as? any WardrobeStore)) }
    }
}

/// Two users and a group chat for the feature contract.
struct FeatureFixture {
    let ana: UserRecord
    let bo: UserRecord
    let chat: ChatRecord

    static func make(_ store: any FeatureStores) async throws -> FeatureFixture {
        let (ana, chat) = try await store.participants(
            transport: "telegram", userID: "1", displayName: "Ana", chatID: "-100", kind: .group, title: "Team", recordActivity: false,
            now: contractEpoch)
        let (bo, _) = try await store.participants(
            transport: "telegram", userID: "2", displayName: "Bo", chatID: "-100", kind: .group, title: nil, recordActivity: false,
            now: contractEpoch)
        return FeatureFixture(ana: ana, bo: bo, chat: chat)
    }

    /// A look of `userID` in this chat, as a try-on would make it.
    func look(_ userID: Int64, batch: String? = "b1", variation: Int = 1, result: String = "r") -> LookRecord {
        LookRecord(
            userID: userID, chatID: chat.id, personSHA256: "p-\(userID)", garmentSHA256: "g-\(userID)", resultSHA256: "\(result)-\(variation)",
            prompt: "Put the coat on — « Mäntel » 🧥", service: "gemini", model: "flash-image", batchID: batch, variation: variation,
            startedAt: contractEpoch + 5, durationMilliseconds: 12_345)
    }
}
