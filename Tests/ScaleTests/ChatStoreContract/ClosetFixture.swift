import Closet
import Foundation
import PostgresTestKit
import Scale
import Storage
import Testing

/// What the closet contract needs of a store: users (from the chat core) and the closet's own protocols.
typealias ClosetContractStore = ChatStore & ClosetStore & ImageStore & WearStore & AccountStore

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
