import Foundation
import SQLite

extension Store {
    /// Notes that `userID` did something in the group `chatID` at `now` (voting counts who is active).
    public func recordActivity(chatID: Int64, userID: Int64, now: Date) async throws {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO chat_members (chat_id, user_id, last_spoke_at) VALUES (?, ?, ?)
                ON CONFLICT (chat_id, user_id) DO UPDATE SET last_spoke_at = max(last_spoke_at, excluded.last_spoke_at)
                """, [chatID, userID, Store.timestamp(now)])
        }
    }

    /// The identity keys (`telegram:123`) of the members of `chatID` who spoke at or after `since`.
    public func activeMemberKeys(chatID: Int64, since: Date) async throws -> [String] {
        try await database.run { db in
            try db.query(
                """
                SELECT users.transport || ':' || users.external_id AS key FROM chat_members
                JOIN users ON users.id = chat_members.user_id
                WHERE chat_members.chat_id = ? AND chat_members.last_spoke_at >= ? ORDER BY key
                """, [chatID, Store.timestamp(since)]
            ).compactMap { $0.string("key") }
        }
    }
}
