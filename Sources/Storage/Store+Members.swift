import Foundation
import SQLite

extension Store {
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
