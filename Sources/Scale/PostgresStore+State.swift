import Foundation
import JSON
import Postgres
import Storage

// Chat state, buttons and attempts on PostgreSQL, as `Storage.Store` keeps them on SQLite.
extension PostgresStore {
    /// `ChatStateStore.chatState`: see there.
    public func chatState(chatID: Int64, userID: Int64) async throws -> JSON {
        let rows = try await session.query("SELECT state FROM chat_state WHERE chat_id = $1 AND user_id = $2", [.int(chatID), .int(userID)])
        guard let row = rows.first else { return [:] }
        return try JSON.parse(try row.string("state"))
    }

    /// `ChatStateStore.setChatState`: see there.
    public func setChatState(_ state: JSON, chatID: Int64, userID: Int64, now: Date) async throws {
        try await session.execute("""
            INSERT INTO chat_state (chat_id, user_id, state, updated_at) VALUES ($1, $2, $3, to_timestamp($4::float8))
            ON CONFLICT (chat_id, user_id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at
            """, [.int(chatID), .int(userID), .text(state.serialized()), Timestamp.parameter(now)])
    }

    /// `ButtonStore.createButton`: see there.
    public func createButton(chatID: Int64, userID: Int64?, action: String, payload: JSON, lifetime: TimeInterval, now: Date) async throws -> String {
        guard let token = try await createButtons([(action, payload)], chatID: chatID, userID: userID, lifetime: lifetime, now: now).first else {
            throw StorageError.notFound("the new button")
        }
        return token
    }

    /// `ButtonStore.createButtons`: see there.
    public func createButtons(
        _ buttons: [(action: String, payload: JSON)], chatID: Int64, userID: Int64?, lifetime: TimeInterval, now: Date
    ) async throws -> [String] {
        let rows = buttons.map { (token: ButtonRecord.makeToken(), action: $0.action, payload: $0.payload.serialized()) }
        let userValue: PostgresValue = userID.map { .int($0) } ?? .null
        try await session.transaction { connection in
            for row in rows {
                try connection.execute("""
                    INSERT INTO button (token, chat_id, user_id, action, payload, created_at, expires_at)
                    VALUES ($1, $2, $3::bigint, $4, $5, to_timestamp($6::float8), to_timestamp($7::float8))
                    """, [.text(row.token), .int(chatID), userValue, .text(row.action), .text(row.payload), Timestamp.parameter(now),
                          Timestamp.parameter(now + lifetime)])
            }
        }
        return rows.map(\.token)
    }

    /// `ButtonStore.button`: see there.
    public func button(token: String, now: Date) async throws -> ButtonRecord? {
        let rows = try await session.query("""
            SELECT chat_id, user_id, action, payload, extract(epoch FROM expires_at)::float8 AS expires_at
            FROM button WHERE token = $1 AND expires_at > to_timestamp($2::float8)
            """, [.text(token), Timestamp.parameter(now)])
        guard let row = rows.first else { return nil }
        return ButtonRecord(
            token: token, chatID: try row.int("chat_id"), userID: try row.optionalInt("user_id"), action: try row.string("action"),
            payload: try JSON.parse(try row.string("payload")), expiresAt: try Timestamp.date(row, "expires_at"))
    }

    /// `ButtonStore.deleteButtons`: see there.
    public func deleteButtons(tokens: [String]) async throws {
        guard !tokens.isEmpty else { return }
        try await session.transaction { connection in
            for token in tokens { try connection.execute("DELETE FROM button WHERE token = $1", [.text(token)]) }
        }
    }

    /// `ButtonStore.pruneButtons`: see there.
    public func pruneButtons(now: Date) async throws {
        try await session.execute("DELETE FROM button WHERE expires_at <= to_timestamp($1::float8)", [Timestamp.parameter(now)])
    }

    /// `AttemptLedger.beginAttempt`: see there.
    public func beginAttempt(kind: String, itemID: String, chatKey: String, maxAttempts: Int, now: Date) async throws -> AttemptDecision {
        try await session.transaction { connection in
            // The row lock makes two workers starting the same item count one after the other.
            let previous = try connection.query(
                "SELECT count, state FROM attempt WHERE kind = $1 AND item_id = $2 FOR UPDATE", [.text(kind), .text(itemID)]).first
            let count = Int(try previous?.int("count") ?? 0)
            if try previous?.string("state") == "set_aside" || count >= max(maxAttempts, 1) {
                try connection.execute(
                    "UPDATE attempt SET state = 'set_aside', last_at = to_timestamp($3::float8) WHERE kind = $1 AND item_id = $2",
                    [.text(kind), .text(itemID), Timestamp.parameter(now)])
                return .setAside(attempts: count)
            }
            try connection.execute("""
                INSERT INTO attempt (kind, item_id, chat_key, count, state, first_at, last_at)
                VALUES ($1, $2, $3, 1, 'running', to_timestamp($4::float8), to_timestamp($4::float8))
                ON CONFLICT (kind, item_id) DO UPDATE SET count = attempt.count + 1, last_at = EXCLUDED.last_at
                """, [.text(kind), .text(itemID), .text(chatKey), Timestamp.parameter(now)])
            return .handle(attempt: count + 1)
        }
    }

    /// `AttemptLedger.describeSetAside`: see there.
    public func describeSetAside(kind: String, itemID: String, detail: String) async throws {
        try await session.execute(
            "UPDATE attempt SET detail = $3 WHERE kind = $1 AND item_id = $2", [.text(kind), .text(itemID), .text(String(detail.prefix(500)))])
    }

    /// `AttemptLedger.finishAttempts`: see there.
    public func finishAttempts(kind: String, itemIDs: [String]) async throws {
        guard !itemIDs.isEmpty else { return }
        try await session.transaction { connection in
            for id in itemIDs {
                try connection.execute("DELETE FROM attempt WHERE kind = $1 AND item_id = $2 AND state = 'running'", [.text(kind), .text(id)])
            }
        }
    }
}
