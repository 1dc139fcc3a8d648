import Closet
import Foundation
import PostgresTestKit
import Scale
import Storage
import Testing

/// What the closet contract needs of a store: users (from the chat core) and the closet's own protocols.
typealias ClosetContractStore = ChatStore & ClosetStore & ImageStore & WearStore & AccountStore

/// The implementations of the closet, image, wear and account protocols the contract runs against
/// (the in-memory fake keeps only the chat core, so it is not one of them).
enum ClosetContractBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `Storage.Store` on a SQLite file and a media folder in a fresh temporary folder.
    case sqlite
    /// `Scale.PostgresStore` on a fresh, migrated database of the private cluster.
    case postgres

    var testDescription: String { rawValue }

    /// The backends here: PostgreSQL only with a cluster (its absence shows as skipped PostgreSQL suites).
    static var available: [ClosetContractBackend] { TestDatabase.isConfigured ? allCases : [.sqlite] }

    /// Runs `body` with an empty store of this backend and removes it afterwards, also on failure
    /// (the chat core's contract makes the stores; both are whole `WardrobeStore`s).
    func withStore(_ body: (any ClosetContractStore) async throws -> Void) async throws {
        let base: ChatStoreBackend = self == .sqlite ? .sqlite : .postgres
        try await base.withStore { store in try await body(try #require(store as? any WardrobeStore)) }
    }
}

/// Fixtures shared by the closet contract tests.
enum ClosetFixture {
    /// A user of the store, created as the router creates one.
    static func user(_ store: any ClosetContractStore, _ externalID: String = "1") async throws -> Int64 {
        try await store.user(transport: "telegram", externalID: externalID, displayName: nil, now: contractEpoch).id
    }

    /// A piece with every optional field set, so a round trip checks them all.
    static func fullPiece(_ name: String = "Navy blazer") throws -> ClosetItem {
        ClosetItem(
            name: name, category: .outerwear, subcategory: "blazer", formality: 4, warmth: 2, fit: .slim, legShape: nil,
            color: ItemColor(name: "midnight navy", family: .navy), pattern: .stripe, brand: "Łódź Tailors", size: "50",
            material: "wool 👔", photo: String(repeating: "ab", count: 32), sourceURL: "https://shop.example/blazer?id=1",
            price: try Price(amount: 249.9, currency: "EUR"), addedAt: contractEpoch, lastWornAt: contractEpoch + 86_400,
            wearCount: 3, isAvailable: false)
    }

    /// A plain piece with only the required fields.
    static func piece(_ name: String, category: Closet.Category = .top) -> ClosetItem {
        ClosetItem(name: name, category: category, formality: 2, color: ItemColor(name: "white", family: .white), addedAt: contractEpoch)
    }
}
