import Foundation
import JSON
import SQLite

extension Store {
    /// Saves the state behind a button and returns its short token (8 url-safe characters).
    public func createButton(
        chatID: Int64, userID: Int64?, action: String, payload: JSON, lifetime: TimeInterval = ButtonRecord.defaultLifetime, now: Date = Date()
    ) async throws -> String {
        let token = ButtonRecord.makeToken()
        try await database.write { db in
            try db.query(
                "INSERT INTO buttons (token, chat_id, user_id, action, payload, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [token, chatID, userID, action, payload.serialized(), Store.timestamp(now), Store.timestamp(now + lifetime)])
        }
        return token
    }

    /// Saves several buttons in one transaction; returns their tokens in order.
    public func createButtons(
        _ buttons: [(action: String, payload: JSON)], chatID: Int64, userID: Int64?, lifetime: TimeInterval = ButtonRecord.defaultLifetime,
        now: Date = Date()
    ) async throws -> [String] {
        let rows = buttons.map { (token: ButtonRecord.makeToken(), action: $0.action, payload: $0.payload.serialized()) }
        try await database.write { db in
            for row in rows {
                try db.query(
                    "INSERT INTO buttons (token, chat_id, user_id, action, payload, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [row.token, chatID, userID, row.action, row.payload, Store.timestamp(now), Store.timestamp(now + lifetime)])
            }
        }
        return rows.map(\.token)
    }

    /// The live button for `token`, or nil when unknown or expired.
    public func button(token: String, now: Date = Date()) async throws -> ButtonRecord? {
        try await database.run { db in
            guard let row = try db.first("SELECT * FROM buttons WHERE token = ? AND expires_at > ?", [token, Store.timestamp(now)]) else {
                return nil
            }
            return ButtonRecord(
                token: token, chatID: row.int("chat_id") ?? 0, userID: row.int("user_id"), action: row.string("action") ?? "",
                payload: (try? JSON.parse(row.string("payload") ?? "{}")) ?? [:],
                expiresAt: Date(timeIntervalSince1970: row.double("expires_at") ?? 0))
        }
    }

    /// Invalidates buttons, e.g. once a choice has been made.
    public func deleteButtons(tokens: [String]) async throws {
        guard !tokens.isEmpty else { return }
        try await database.write { db in
            for token in tokens { try db.query("DELETE FROM buttons WHERE token = ?", [token]) }
        }
    }

    /// Removes expired buttons.
    public func pruneButtons(now: Date = Date()) async throws {
        try await database.write { db in try db.query("DELETE FROM buttons WHERE expires_at <= ?", [Store.timestamp(now)]) }
    }
}
