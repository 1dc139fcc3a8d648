import Foundation
import Storage
import Testing
import WardrobeTestKit

@testable import Bot

@Suite struct WardrobeStoreAccessTests {
    @Test func theSQLiteStoreBehindTheChatStoreIsRecoveredAsItself() throws {
        let store = try Store(databasePath: ":memory:", mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID())").path)
        defer { store.close() }
        #expect(try WardrobeStoreAccess.wardrobe(store) as? Store === store)
    }

    @Test func aStoreWithOnlyChatStateIsRefusedWithAnErrorThatExplainsItselfInsteadOfATrap() {
        do {
            _ = try WardrobeStoreAccess.wardrobe(MemoryChatStore())
            Issue.record("a store that keeps only chat state was accepted")
        } catch {
            guard case .notSupported(let what) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(what.contains("chat state"))
            #expect(error.userMessage == "That isn't available on this server yet. Nothing was changed.")
        }
    }
}
