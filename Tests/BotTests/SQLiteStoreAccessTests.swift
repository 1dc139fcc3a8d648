import Foundation
import Storage
import Testing
import WardrobeTestKit

@testable import Bot

@Suite struct SQLiteStoreAccessTests {
    @Test func theSQLiteStoreBehindTheChatStoreIsRecoveredAsItself() throws {
        let store = try Store(databasePath: ":memory:", mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID())").path)
        defer { store.close() }
        #expect(try SQLiteStoreAccess.sqlite(store) === store)
    }

    @Test func anotherBackendIsRefusedWithAnErrorThatExplainsItselfInsteadOfATrap() {
        do {
            _ = try SQLiteStoreAccess.sqlite(MemoryChatStore())
            Issue.record("a store that is not SQLite was accepted")
        } catch {
            guard case .notSupported(let what) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(what.contains("SQLite"))
            #expect(error.userMessage == "That isn't available on this server yet. Nothing was changed.")
        }
    }
}
