import Foundation
import JSON

extension Store {
    /// The conversation state of one user in one chat (pending drafts, slots, last outfits…).
    public func chatState(chatID: Int64, userID: Int64) async throws -> JSON {
        try await database.run { db in
            guard let text = try db.first("SELECT state FROM chat_state WHERE chat_id = ? AND user_id = ?", [chatID, userID])?.string("state") else {
                return [:]
            }
            return (try? JSON.parse(text)) ?? [:]
        }
    }

    /// Replaces the conversation state of one user in one chat.
    public func setChatState(_ state: JSON, chatID: Int64, userID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO chat_state (chat_id, user_id, state, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (chat_id, user_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [chatID, userID, state.serialized(), Store.timestamp(now)])
        }
    }
}
