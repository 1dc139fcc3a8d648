import Foundation
import JSON
import Storage
import Synchronization

/// The chat core's storage in memory, for tests that need no database file (a router test, a
/// transport test). It passes the same contract suite as SQLite and PostgreSQL
/// (`Tests/ScaleTests/ChatStoreContract`), so a test using it sees the behaviour of either.
public final class MemoryChatStore: ChatStore {
    /// Every table, behind one lock: each call is one atomic step, as a transaction is.
    struct Tables {
        /// Users in id order (ids start at 1).
        var users: [UserRecord] = []
        /// Chats in id order (ids start at 1).
        var chats: [ChatRecord] = []
        /// Keyed by chat id, then user id.
        var lastSpoke: [Int64: [Int64: Date]] = [:]
        /// Chat states by chat and user.
        var states: [StateKey: JSON] = [:]
        /// Buttons by token.
        var buttons: [String: ButtonRecord] = [:]
        /// Attempts: starts, whether set aside, chat key and detail.
        var attempts: [AttemptKey: (count: Int, setAside: Bool, chatKey: String, detail: String)] = [:]
        /// Outbox rows in id order.
        var outbox: [OutboxRecord] = []
        /// Each pending row's files, by transaction id.
        var files: [String: [[UInt8]]] = [:]
        /// (transport, chat, remote id) → (txn id, position, created).
        var sent: [String: (txnID: String, position: Int, created: Date)] = [:]
    }

    /// A chat state's key: one user in one chat.
    struct StateKey: Hashable { let chat: Int64, user: Int64 }
    /// An attempt's key: the item's id within its kind.
    struct AttemptKey: Hashable { let kind: String, item: String }

    /// The tables; a `Mutex` because `ChatStore` calls come from any task.
    let tables = Mutex(Tables())

    /// An empty store.
    public init() {}
}

// MARK: - Participants

extension MemoryChatStore {
    /// `ParticipantStore.participants`: see there.
    public func participants(
        transport: String, userID: String, displayName: String?, chatID: String, kind: ChatKind, title: String?, recordActivity: Bool, now: Date
    ) async throws -> (user: UserRecord, chat: ChatRecord) {
        tables.withLock { tables in
            let user = Self.upsertUser(&tables, transport: transport, externalID: userID, displayName: displayName)
            let chat = Self.upsertChat(&tables, transport: transport, externalID: chatID, kind: kind, title: title)
            if recordActivity {
                let previous = tables.lastSpoke[chat.id]?[user.id] ?? .distantPast
                tables.lastSpoke[chat.id, default: [:]][user.id] = max(previous, now)
            }
            return (user, chat)
        }
    }

    /// `ParticipantStore.user`: see there.
    public func user(transport: String, externalID: String, displayName: String?, now: Date) async throws -> UserRecord {
        tables.withLock { Self.upsertUser(&$0, transport: transport, externalID: externalID, displayName: displayName) }
    }

    /// `ParticipantStore.user`: see there.
    public func user(id: Int64) async throws -> UserRecord? {
        tables.withLock { $0.users.first { $0.id == id } }
    }

    /// `ParticipantStore.user`: see there.
    public func user(key: String) async throws -> UserRecord? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let transport = String(key[..<colon]), external = String(key[key.index(after: colon)...])
        return tables.withLock { $0.users.first { $0.transport == transport && $0.externalID == external } }
    }

    /// `ParticipantStore.setSettings`: see there.
    public func setSettings(_ settings: JSON, userID: Int64) async throws {
        tables.withLock { tables in
            if let index = tables.users.firstIndex(where: { $0.id == userID }) { tables.users[index].settings = settings }
        }
    }

    /// `ParticipantStore.chat`: see there.
    public func chat(transport: String, externalID: String, kind: ChatKind, title: String?, now: Date) async throws -> ChatRecord {
        tables.withLock { Self.upsertChat(&$0, transport: transport, externalID: externalID, kind: kind, title: title) }
    }

    /// `ParticipantStore.chat`: see there.
    public func chat(id: Int64) async throws -> ChatRecord? {
        tables.withLock { $0.chats.first { $0.id == id } }
    }

    /// `ParticipantStore.setChatSettings`: see there.
    public func setChatSettings(_ settings: JSON, chatID: Int64) async throws {
        tables.withLock { tables in
            if let index = tables.chats.firstIndex(where: { $0.id == chatID }) { tables.chats[index].settings = settings }
        }
    }

    /// `ParticipantStore.activeMemberKeys`: see there.
    public func activeMemberKeys(chatID: Int64, since: Date) async throws -> [String] {
        tables.withLock { tables in
            let active = (tables.lastSpoke[chatID] ?? [:]).filter { $0.value >= since }.keys
            let keys = tables.users.filter { active.contains($0.id) }.map(\.key)
            return keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        }
    }

    static func upsertUser(_ tables: inout Tables, transport: String, externalID: String, displayName: String?) -> UserRecord {
        if let index = tables.users.firstIndex(where: { $0.transport == transport && $0.externalID == externalID }) {
            if let displayName { tables.users[index].displayName = displayName }
            return tables.users[index]
        }
        let user = UserRecord(id: Int64(tables.users.count + 1), transport: transport, externalID: externalID, displayName: displayName, settings: [:])
        tables.users.append(user)
        return user
    }

    static func upsertChat(_ tables: inout Tables, transport: String, externalID: String, kind: ChatKind, title: String?) -> ChatRecord {
        if let index = tables.chats.firstIndex(where: { $0.transport == transport && $0.externalID == externalID }) {
            tables.chats[index].kind = kind
            if let title { tables.chats[index].title = title }
            return tables.chats[index]
        }
        let chat = ChatRecord(id: Int64(tables.chats.count + 1), transport: transport, externalID: externalID, kind: kind, title: title, settings: [:])
        tables.chats.append(chat)
        return chat
    }
}
