import Foundation
import SQLite

/// The users and chats of recent events as last read, so the common event (someone known, in a chat
/// known, nothing about either changed) costs no query.
///
/// Every write to those rows through the store forgets what it touched. A commit by another connection
/// (a command-line tool, a restore, a second process) empties the cache: SQLite's `data_version` moves then.
/// At most `capacity` entries of each kind; past that the cache starts over.
struct ParticipantCache: Sendable {
    private var version: Int64?
    private var users: [Key: UserRecord] = [:]
    private var chats: [Key: ChatRecord] = [:]
    let capacity: Int

    init(capacity: Int = 10_000) { self.capacity = max(1, capacity) }

    struct Key: Hashable, Sendable {
        let transport: String
        let externalID: String
    }

    /// Empties the cache when another connection committed since the last check.
    mutating func check(dataVersion: Int64) {
        guard dataVersion != version else { return }
        users = [:]
        chats = [:]
        version = dataVersion
    }

    func user(transport: String, externalID: String) -> UserRecord? { users[Key(transport: transport, externalID: externalID)] }

    func chat(transport: String, externalID: String) -> ChatRecord? { chats[Key(transport: transport, externalID: externalID)] }

    mutating func keep(_ user: UserRecord) {
        if users.count >= capacity { users = [:] }
        users[Key(transport: user.transport, externalID: user.externalID)] = user
    }

    mutating func keep(_ chat: ChatRecord) {
        if chats.count >= capacity { chats = [:] }
        chats[Key(transport: chat.transport, externalID: chat.externalID)] = chat
    }

    mutating func forgetUser(transport: String, externalID: String) { users[Key(transport: transport, externalID: externalID)] = nil }

    mutating func forgetChat(transport: String, externalID: String) { chats[Key(transport: transport, externalID: externalID)] = nil }

    mutating func forgetUser(id: Int64) { users = users.filter { $0.value.id != id } }

    mutating func forgetChat(id: Int64) { chats = chats.filter { $0.value.id != id } }

    var count: (users: Int, chats: Int) { (users.count, chats.count) }
}

extension Connection {
    /// SQLite's `data_version`: it changes when another connection commits.
    func dataVersion() throws -> Int64 {
        try first("PRAGMA data_version")?.int("data_version") ?? 0
    }
}
