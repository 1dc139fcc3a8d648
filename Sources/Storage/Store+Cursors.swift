import Foundation
import SQLite

extension Store {
    /// The saved poll position of a transport (the Telegram offset, the Matrix `since` token).
    public func cursor(transport: String) async throws -> String? {
        try await database.run { db in try db.first("SELECT value FROM cursors WHERE transport = ?", [transport])?.string("value") }
    }

    /// Whether an update id was already handled.
    public func isProcessed(transport: String, updateID: String) async throws -> Bool {
        try await database.run { db in
            try db.first("SELECT 1 AS hit FROM processed_updates WHERE transport = ? AND update_id = ?", [transport, updateID]) != nil
        }
    }

    /// Records an update as handled and, in the same transaction, moves the cursor.
    /// Returns false (changing nothing) when the update had already been recorded.
    @discardableResult
    public func markProcessed(transport: String, updateID: String, cursor: String?, now: Date = Date()) async throws -> Bool {
        try await database.write { db in
            try Store.markProcessed(db, transport: transport, updateID: updateID, cursor: cursor, now: now)
        }
    }

    /// Moves the cursor without recording an update.
    public func setCursor(transport: String, value: String, now: Date = Date()) async throws {
        try await database.write { db in try Store.saveCursor(db, transport: transport, value: value, now: now) }
    }

    /// Forgets processed ids older than `cutoff`; the cursor keeps old updates from coming back.
    public func pruneProcessed(olderThan cutoff: Date) async throws {
        try await database.write { db in
            try db.query("DELETE FROM processed_updates WHERE handled_at < ?", [Store.timestamp(cutoff)])
        }
    }

    static func markProcessed(_ db: Connection, transport: String, updateID: String, cursor: String?, now: Date) throws -> Bool {
        try db.query(
            "INSERT OR IGNORE INTO processed_updates (transport, update_id, handled_at) VALUES (?, ?, ?)",
            [transport, updateID, Store.timestamp(now)])
        let inserted = db.changes > 0
        if let cursor { try saveCursor(db, transport: transport, value: cursor, now: now) }
        return inserted
    }

    static func saveCursor(_ db: Connection, transport: String, value: String, now: Date) throws {
        try db.query(
            """
            INSERT INTO cursors (transport, value, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (transport) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """, [transport, value, Store.timestamp(now)])
    }
}
