import Foundation
import PostgresTestKit
import Scale
import Storage
import Testing
import WardrobeTestKit

/// The implementations of `ChatStore` the contract suite runs against.
enum ChatStoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `Storage.Store` on a SQLite file in a fresh temporary folder.
    case sqlite
    /// `Scale.PostgresStore` on a fresh, migrated database of the private cluster.
    case postgres
    /// `WardrobeTestKit.MemoryChatStore`, the fake router tests use.
    case memory

    var testDescription: String { rawValue }

    /// The backends the contract runs on here: PostgreSQL only with a cluster. Without one its
    /// absence shows as the skipped `PostgresStoreTests`, with the reason.
    static var available: [ChatStoreBackend] { TestDatabase.isConfigured ? allCases : [.sqlite, .memory] }

    /// Runs `body` with an empty store of this backend and removes the store afterwards, also on
    /// failure. Without a cluster the PostgreSQL case is cancelled with the reason, so it shows as skipped.
    func withStore(_ body: (any ChatStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID())").path
            let store = try Store(dataDirectory: folder)
            defer {
                store.close()
                try? FileManager.default.removeItem(atPath: folder)
            }
            try await body(store)
        case .postgres:
            guard TestDatabase.isConfigured else { try Test.cancel(Comment(rawValue: TestDatabase.skipMessage)) }
            try await ScaleFixture.with { database in
                let session = try await database.connect()
                do {
                    try await body(PostgresStore(session: session))
                } catch {
                    await session.close()
                    throw error
                }
                await session.close()
            }
        case .memory:
            try await body(MemoryChatStore())
        }
    }
}

/// Whole seconds, so every backend's time columns hold them exactly.
let contractEpoch = Date(timeIntervalSince1970: 1_790_000_000)
