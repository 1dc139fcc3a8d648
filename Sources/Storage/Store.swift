import Foundation
import JSON
import SQLite
import Synchronization

/// The bot's persistent state: one SQLite database plus the media folder.
///
/// Every method that changes several rows does so in one transaction.
public final class Store: Sendable {
    /// The serialized database connection.
    public let database: DatabaseQueue
    /// Images, per user, content-addressed.
    public let media: MediaStore
    /// Users and chats as last read (see `ParticipantCache`); touched only on the database queue.
    let participantCache = Mutex(ParticipantCache())
    /// Posted messages of sent marks not yet in `sent_messages` (see `PostedBacklog`).
    let postedBacklog = Mutex(PostedBacklog())

    /// Opens (creating if needed) `wardrobe.sqlite` and `media/` under `dataDirectory`, migrating the schema.
    public convenience init(dataDirectory: String) throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try self.init(databasePath: "\(dataDirectory)/wardrobe.sqlite", mediaRoot: "\(dataDirectory)/media")
    }

    /// Opens the database at `databasePath` (or ":memory:") with media under `mediaRoot`.
    public init(databasePath: String, mediaRoot: String) throws {
        database = try DatabaseQueue(path: databasePath)
        media = MediaStore(root: mediaRoot)
        try database.sync { db in
            try Migrations.apply(to: db)
            try Store.indexPostedMessages(db)
        }
    }

    /// Closes the database cleanly (writing what waits in memory, checkpointing the WAL).
    public func close() {
        flushPosted()
        database.close()
    }

    /// Seconds since 1970 as stored in REAL columns.
    static func timestamp(_ date: Date) -> Double { date.timeIntervalSince1970 }
}

extension Store {
    /// The user for a transport identity, created on first sight; the display name is refreshed.
    public func user(transport: String, externalID: String, displayName: String? = nil, now: Date = Date()) async throws -> UserRecord {
        try await database.write { [self] db in
            participantCache.withLock { $0.forgetUser(transport: transport, externalID: externalID) }
            return try Store.upsertUser(db, transport: transport, externalID: externalID, displayName: displayName, now: now)
        }
    }

    /// The user and chat of an incoming event, created or refreshed in one transaction; in a group
    /// the user's activity is recorded too (group votes wait for members active this week).
    public func participants(
        transport: String, userID: String, displayName: String?, chatID: String, kind: ChatKind, title: String?,
        recordActivity: Bool, now: Date = Date()
    ) async throws -> (user: UserRecord, chat: ChatRecord) {
        try await database.run { [self] db in
            // Most events come from known users in known chats with nothing changed: read (from the cache
            // when they were read before), and write only when needed.
            if !recordActivity {
                let version = try db.dataVersion()
                let cached = participantCache.withLock { cache in
                    cache.check(dataVersion: version)
                    return (cache.user(transport: transport, externalID: userID), cache.chat(transport: transport, externalID: chatID))
                }
                if let user = try cached.0 ?? Store.findUser(db, transport: transport, externalID: userID),
                   let chat = try cached.1 ?? Store.findChat(db, transport: transport, externalID: chatID),
                   displayName == nil || user.displayName == displayName, chat.kind == kind, title == nil || chat.title == title {
                    participantCache.withLock { cache in
                        cache.keep(user)
                        cache.keep(chat)
                    }
                    return (user, chat)
                }
            }
            participantCache.withLock { cache in
                cache.forgetUser(transport: transport, externalID: userID)
                cache.forgetChat(transport: transport, externalID: chatID)
            }
            return try db.transaction { db in
                let user = try Store.upsertUser(db, transport: transport, externalID: userID, displayName: displayName, now: now)
                let chat = try Store.upsertChat(db, transport: transport, externalID: chatID, kind: kind, title: title, now: now)
                if recordActivity {
                    try db.query(
                        """
                        INSERT INTO chat_members (chat_id, user_id, last_spoke_at) VALUES (?, ?, ?)
                        ON CONFLICT (chat_id, user_id) DO UPDATE SET last_spoke_at = max(last_spoke_at, excluded.last_spoke_at)
                        """, [chat.id, user.id, Store.timestamp(now)])
                }
                return (user, chat)
            }
        }
    }

    /// The user with this row id, if any.
    public func user(id: Int64) async throws -> UserRecord? {
        try await database.run { db in try db.first("SELECT * FROM users WHERE id = ?", [id]).map(Store.user(from:)) }
    }

    /// The user for an identity key such as `telegram:123` or `matrix:@ana:example.org`, if known.
    public func user(key: String) async throws -> UserRecord? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let transport = String(key[..<colon]), external = String(key[key.index(after: colon)...])
        return try await database.run { db in
            try Store.findUser(db, transport: transport, externalID: external)
        }
    }

    /// Replaces a user's settings object.
    public func setSettings(_ settings: JSON, userID: Int64) async throws {
        try await database.write { [self] db in
            participantCache.withLock { $0.forgetUser(id: userID) }
            try db.query("UPDATE users SET settings = ? WHERE id = ?", [settings.serialized(), userID])
        }
    }

    /// Deletes a user's rows (cascading to items, images, looks, jobs, state, schedules, buttons, votes they
    /// started) and their media files. Their ballots in other people's votes name them by user key, with no
    /// foreign key, so those go explicitly, in the same transaction.
    public func deleteUser(id: Int64) async throws {
        try await database.write { [self] db in
            participantCache.withLock { $0.forgetUser(id: id) }
            try db.query("DELETE FROM ballots WHERE voter = (SELECT transport || ':' || external_id FROM users WHERE id = ?)", [id])
            try db.query("DELETE FROM users WHERE id = ?", [id])
        }
        try media.removeAll(userID: id)
    }

    /// The chat for a transport conversation, created on first sight.
    public func chat(transport: String, externalID: String, kind: ChatKind, title: String? = nil, now: Date = Date()) async throws -> ChatRecord {
        try await database.write { [self] db in
            participantCache.withLock { $0.forgetChat(transport: transport, externalID: externalID) }
            return try Store.upsertChat(db, transport: transport, externalID: externalID, kind: kind, title: title, now: now)
        }
    }

    /// The chat with this row id, if any.
    public func chat(id: Int64) async throws -> ChatRecord? {
        try await database.run { db in try db.first("SELECT * FROM chats WHERE id = ?", [id]).map(Store.chat(from:)) }
    }

    /// Replaces a chat's settings object.
    public func setChatSettings(_ settings: JSON, chatID: Int64) async throws {
        try await database.write { [self] db in
            participantCache.withLock { $0.forgetChat(id: chatID) }
            try db.query("UPDATE chats SET settings = ? WHERE id = ?", [settings.serialized(), chatID])
        }
    }

    /// Creates the user, or refreshes the display name when one is given; returns the stored row.
    static func upsertUser(_ db: Connection, transport: String, externalID: String, displayName: String?, now: Date) throws -> UserRecord {
        try db.query(
            """
            INSERT INTO users (transport, external_id, display_name, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (transport, external_id) DO UPDATE SET display_name = coalesce(excluded.display_name, display_name)
            """, [transport, externalID, displayName, Store.timestamp(now)])
        return try findUser(db, transport: transport, externalID: externalID)!
    }

    /// Creates the chat, or refreshes its kind and (when given) title; returns the stored row.
    static func upsertChat(_ db: Connection, transport: String, externalID: String, kind: ChatKind, title: String?, now: Date) throws -> ChatRecord {
        try db.query(
            """
            INSERT INTO chats (transport, external_id, kind, title, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (transport, external_id) DO UPDATE SET kind = excluded.kind, title = coalesce(excluded.title, title)
            """, [transport, externalID, kind.rawValue, title, Store.timestamp(now)])
        return try findChat(db, transport: transport, externalID: externalID)!
    }

    static func findUser(_ db: Connection, transport: String, externalID: String) throws -> UserRecord? {
        try db.first("SELECT * FROM users WHERE transport = ? AND external_id = ?", [transport, externalID]).map(Store.user(from:))
    }

    static func findChat(_ db: Connection, transport: String, externalID: String) throws -> ChatRecord? {
        try db.first("SELECT * FROM chats WHERE transport = ? AND external_id = ?", [transport, externalID]).map(Store.chat(from:))
    }

    static func user(from row: Row) -> UserRecord {
        UserRecord(
            id: row.int("id") ?? 0, transport: row.string("transport") ?? "", externalID: row.string("external_id") ?? "",
            displayName: row.string("display_name"), settings: (try? JSON.parse(row.string("settings") ?? "{}")) ?? [:])
    }

    static func chat(from row: Row) -> ChatRecord {
        ChatRecord(
            id: row.int("id") ?? 0, transport: row.string("transport") ?? "", externalID: row.string("external_id") ?? "",
            kind: ChatKind(rawValue: row.string("kind") ?? "") ?? .privateChat, title: row.string("title"),
            settings: (try? JSON.parse(row.string("settings") ?? "{}")) ?? [:])
    }
}
