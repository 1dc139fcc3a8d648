import Foundation
import JSON
import Postgres
import Storage

/// The chat core's storage (`Storage.ChatStore`) and the features' looks, jobs, votes, schedules and
/// transport caches on PostgreSQL: the same behaviour as the SQLite `Store`, checked by the one contract
/// suite both run (`Tests/ScaleTests/ChatStoreContract`). Its tables are Scale migrations 4 and 6; run
/// `Migrator` first.
///
/// Calls go through one `PostgresSession` and are served in order; several workers each open
/// their own store, and PostgreSQL settles what they race for (unique keys, `ON CONFLICT`).
public struct PostgresStore: ChatStore {
    /// The session every call goes through.
    public let session: PostgresSession
    /// The worker this store's process is: written as the owner of the jobs it claims.
    public let worker: WorkerID
    /// How long a claimed job stays this worker's without `renewJobLease`; after that another
    /// worker's `recoverJobs` takes it back.
    public let jobLeaseSeconds: TimeInterval

    /// A store over `session`, whose database is migrated to the latest version, acting as `worker`
    /// (a fresh name by default). `jobLeaseSeconds` is bounded to 1 s…1 day.
    public init(session: PostgresSession, worker: WorkerID = .unique(), jobLeaseSeconds: TimeInterval = 60) {
        self.session = session
        self.worker = worker
        self.jobLeaseSeconds = jobLeaseSeconds.isFinite ? min(max(jobLeaseSeconds, 1), 86_400) : 60
    }
}

// MARK: - Participants

extension PostgresStore {
    /// `ParticipantStore.participants`: see there.
    public func participants(
        transport: String, userID: String, displayName: String?, chatID: String, kind: ChatKind, title: String?, recordActivity: Bool, now: Date
    ) async throws -> (user: UserRecord, chat: ChatRecord) {
        try await session.run { connection in
            // Most events come from known users in known chats with nothing changed: read, and write
            // only when needed (an upsert would write a new row version for every event).
            if !recordActivity,
                let user = try Self.findUser(connection, transport: transport, externalID: userID),
                let chat = try Self.findChat(connection, transport: transport, externalID: chatID),
                displayName == nil || user.displayName == displayName, chat.kind == kind, title == nil || chat.title == title {
                return (user, chat)
            }
            return try connection.transaction { connection in
                let user = try Self.upsertUser(connection, transport: transport, externalID: userID, displayName: displayName, now: now)
                let chat = try Self.upsertChat(connection, transport: transport, externalID: chatID, kind: kind, title: title, now: now)
                if recordActivity {
                    try connection.execute("""
                        INSERT INTO chat_member (chat_id, user_id, last_spoke_at) VALUES ($1, $2, to_timestamp($3::float8))
                        ON CONFLICT (chat_id, user_id) DO UPDATE SET last_spoke_at = greatest(chat_member.last_spoke_at, EXCLUDED.last_spoke_at)
                        """, [.int(chat.id), .int(user.id), Timestamp.parameter(now)])
                }
                return (user, chat)
            }
        }
    }

    /// `ParticipantStore.user`: see there.
    public func user(transport: String, externalID: String, displayName: String?, now: Date) async throws -> UserRecord {
        try await session.run { try Self.upsertUser($0, transport: transport, externalID: externalID, displayName: displayName, now: now) }
    }

    /// `ParticipantStore.user`: see there.
    public func user(id: Int64) async throws -> UserRecord? {
        try await session.query("SELECT \(Self.userColumns) FROM chat_user WHERE id = $1", [.int(id)]).first.map(Self.user(from:))
    }

    /// `ParticipantStore.user`: see there.
    public func user(key: String) async throws -> UserRecord? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let rows = try await session.query(
            "SELECT \(Self.userColumns) FROM chat_user WHERE transport = $1 AND external_id = $2",
            [.text(String(key[..<colon])), .text(String(key[key.index(after: colon)...]))])
        return try rows.first.map(Self.user(from:))
    }

    /// `ParticipantStore.setSettings`: see there.
    public func setSettings(_ settings: JSON, userID: Int64) async throws {
        try await session.execute("UPDATE chat_user SET settings = $1 WHERE id = $2", [.text(settings.serialized()), .int(userID)])
    }

    /// `ParticipantStore.chat`: see there.
    public func chat(transport: String, externalID: String, kind: ChatKind, title: String?, now: Date) async throws -> ChatRecord {
        try await session.run { try Self.upsertChat($0, transport: transport, externalID: externalID, kind: kind, title: title, now: now) }
    }

    /// `ParticipantStore.chat`: see there.
    public func chat(id: Int64) async throws -> ChatRecord? {
        try await session.query("SELECT \(Self.chatColumns) FROM chat WHERE id = $1", [.int(id)]).first.map(Self.chat(from:))
    }

    /// `ParticipantStore.setChatSettings`: see there.
    public func setChatSettings(_ settings: JSON, chatID: Int64) async throws {
        try await session.execute("UPDATE chat SET settings = $1 WHERE id = $2", [.text(settings.serialized()), .int(chatID)])
    }

    /// `ParticipantStore.activeMemberKeys`: see there.
    public func activeMemberKeys(chatID: Int64, since: Date) async throws -> [String] {
        // Sorted bytewise (COLLATE "C"), as SQLite sorts, whatever the database's collation.
        try await session.query("""
            SELECT chat_user.transport || ':' || chat_user.external_id AS key FROM chat_member
            JOIN chat_user ON chat_user.id = chat_member.user_id
            WHERE chat_member.chat_id = $1 AND chat_member.last_spoke_at >= to_timestamp($2::float8)
            ORDER BY (chat_user.transport || ':' || chat_user.external_id) COLLATE "C"
            """, [.int(chatID), Timestamp.parameter(since)]).map { try $0.string("key") }
    }

    static let userColumns = "id, transport, external_id, display_name, settings"
    static let chatColumns = "id, transport, external_id, kind, title, settings"

    static func upsertUser(
        _ connection: PostgresConnection, transport: String, externalID: String, displayName: String?, now: Date
    ) throws -> UserRecord {
        let rows = try connection.query("""
            INSERT INTO chat_user (transport, external_id, display_name, created_at) VALUES ($1, $2, $3, to_timestamp($4::float8))
            ON CONFLICT (transport, external_id) DO UPDATE SET display_name = coalesce(EXCLUDED.display_name, chat_user.display_name)
            RETURNING \(userColumns)
            """, [.text(transport), .text(externalID), .text(displayName), Timestamp.parameter(now)])
        guard let row = rows.first else { throw PostgresError(kind: .column, message: "user upsert returned no row") }
        return try user(from: row)
    }

    static func upsertChat(
        _ connection: PostgresConnection, transport: String, externalID: String, kind: ChatKind, title: String?, now: Date
    ) throws -> ChatRecord {
        let rows = try connection.query("""
            INSERT INTO chat (transport, external_id, kind, title, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5::float8))
            ON CONFLICT (transport, external_id) DO UPDATE SET kind = EXCLUDED.kind, title = coalesce(EXCLUDED.title, chat.title)
            RETURNING \(chatColumns)
            """, [.text(transport), .text(externalID), .text(kind.rawValue), .text(title), Timestamp.parameter(now)])
        guard let row = rows.first else { throw PostgresError(kind: .column, message: "chat upsert returned no row") }
        return try chat(from: row)
    }

    static func findUser(_ connection: PostgresConnection, transport: String, externalID: String) throws -> UserRecord? {
        try connection.query(
            "SELECT \(userColumns) FROM chat_user WHERE transport = $1 AND external_id = $2", [.text(transport), .text(externalID)]
        ).first.map(user(from:))
    }

    static func findChat(_ connection: PostgresConnection, transport: String, externalID: String) throws -> ChatRecord? {
        try connection.query(
            "SELECT \(chatColumns) FROM chat WHERE transport = $1 AND external_id = $2", [.text(transport), .text(externalID)]
        ).first.map(chat(from:))
    }

    static func user(from row: PostgresRow) throws -> UserRecord {
        UserRecord(
            id: try row.int("id"), transport: try row.string("transport"), externalID: try row.string("external_id"),
            displayName: try row.optionalString("display_name"), settings: try JSON.parse(try row.string("settings")))
    }

    static func chat(from row: PostgresRow) throws -> ChatRecord {
        let kindText = try row.string("kind")
        guard let kind = ChatKind(rawValue: kindText) else { throw StorageError.corrupt("chat row has kind \(kindText)") }
        return ChatRecord(
            id: try row.int("id"), transport: try row.string("transport"), externalID: try row.string("external_id"), kind: kind,
            title: try row.optionalString("title"), settings: try JSON.parse(try row.string("settings")))
    }
}

extension PostgresStore: WardrobeStore {}
