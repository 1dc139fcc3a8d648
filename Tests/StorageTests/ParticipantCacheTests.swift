import Foundation
import JSON
import SQLite
@testable import Storage
import Testing

/// The users and chats of events are read from a cache, which never hides a change made through the
/// store or by another connection.
@Suite struct ParticipantCacheTests {
    private func meet(_ store: Store, user: String = "7", chat: String = "7", name: String? = nil) async throws -> (user: UserRecord, chat: ChatRecord) {
        try await store.participants(
            transport: "telegram", userID: user, displayName: name, chatID: chat, kind: .privateChat, title: nil, recordActivity: false)
    }

    @Test func aKnownPersonIsServedFromTheCache() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let first = try await meet(temp.store, name: "Ana")
        _ = try await meet(temp.store)
        #expect(temp.store.participantCache.withLock { $0.count } == (1, 1))
        // A write that goes around the store (never done outside this test) stays unseen: the answer is the cached row.
        try await temp.store.database.write { db in try db.query("UPDATE users SET display_name = 'Sneaky' WHERE id = ?", [first.user.id]) }
        #expect(try await meet(temp.store).user.displayName == "Ana")
    }

    @Test func settingsWrittenThroughTheStoreAreSeenAtOnce() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let first = try await meet(temp.store, name: "Ana")
        try await temp.store.setSettings(["language": "de"], userID: first.user.id)
        try await temp.store.setChatSettings(["zone": "Europe/Berlin"], chatID: first.chat.id)
        let again = try await meet(temp.store)
        #expect(again.user.settings["language"]?.string == "de")
        #expect(again.chat.settings["zone"]?.string == "Europe/Berlin")
        #expect(try await meet(temp.store, name: "Ana B.").user.displayName == "Ana B.")
        #expect(try await meet(temp.store).user.displayName == "Ana B.")
        _ = try await temp.store.user(transport: "telegram", externalID: "7", displayName: "Ana C.")
        #expect(try await meet(temp.store).user.displayName == "Ana C.")
    }

    @Test func aDeletedPersonComesBackAsSomeoneNew() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let first = try await meet(temp.store, name: "Ana")
        try await temp.store.setSettings(["language": "de"], userID: first.user.id)
        _ = try await meet(temp.store)
        try await temp.store.deleteUser(id: first.user.id)
        // SQLite may give the new row the old id; what shows it is new is that nothing of Ana is left.
        let back = try await meet(temp.store)
        #expect(back.user.displayName == nil)
        #expect(back.user.settings == [:])
        #expect(try await temp.store.user(id: back.user.id) != nil)
    }

    @Test func aCommitByAnotherConnectionEmptiesTheCache() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let first = try await meet(temp.store, name: "Ana")
        // A second process (a command-line tool) on the same file.
        let other = try Store(dataDirectory: temp.folder)
        defer { other.close() }
        try await other.setSettings(["language": "fr"], userID: first.user.id)
        try await other.database.write { db in try db.query("UPDATE chats SET title = 'Renamed' WHERE id = ?", [first.chat.id]) }
        let again = try await meet(temp.store)
        #expect(again.user.settings["language"]?.string == "fr")
        #expect(again.chat.title == "Renamed")
        try await other.deleteUser(id: first.user.id)
        let back = try await meet(temp.store)
        #expect(back.user.displayName == nil && back.user.settings == [:])
    }

    @Test func theCacheStartsOverWhenFull() {
        var cache = ParticipantCache(capacity: 2)
        cache.check(dataVersion: 1)
        for id in 1...3 {
            cache.keep(UserRecord(id: Int64(id), transport: "t", externalID: "\(id)", displayName: nil, settings: [:]))
        }
        #expect(cache.count.users == 1)
        #expect(cache.user(transport: "t", externalID: "3")?.id == 3)
        cache.check(dataVersion: 1)
        #expect(cache.count.users == 1)
        cache.check(dataVersion: 2)
        #expect(cache.count.users == 0)
    }
}
