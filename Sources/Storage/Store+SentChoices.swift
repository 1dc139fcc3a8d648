import Foundation
import JSON
import SQLite

/// What a sent message offered, so a reaction on it can be mapped back (Matrix has no inline buttons).
public struct SentChoicesRecord: Sendable, Hashable {
    /// The transport, e.g. "matrix".
    public let transport: String
    /// The sent message's id (Matrix event id).
    public let messageID: String
    /// The room or chat it was sent to.
    public let chatExternalID: String
    /// The transport's description of the choices (for Matrix: button tokens, or a vote).
    public let tokens: JSON

    /// Recorded choices as a store read them (public: `Scale.PostgresStore` builds them too).
    public init(transport: String, messageID: String, chatExternalID: String, tokens: JSON) {
        self.transport = transport
        self.messageID = messageID
        self.chatExternalID = chatExternalID
        self.tokens = tokens
    }
}

extension Store {
    /// Records (or replaces) the choices a sent message offers.
    public func recordChoices(transport: String, messageID: String, chatExternalID: String, tokens: JSON, now: Date) async throws {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO sent_choices (transport, message_id, chat_external_id, tokens, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (transport, message_id) DO UPDATE SET tokens = excluded.tokens, chat_external_id = excluded.chat_external_id
                """, [transport, messageID, chatExternalID, tokens.serialized(), Store.timestamp(now)])
        }
    }

    /// The choices recorded for a sent message, if any.
    public func sentChoices(transport: String, messageID: String) async throws -> SentChoicesRecord? {
        try await database.run { db in
            guard let row = try db.first("SELECT * FROM sent_choices WHERE transport = ? AND message_id = ?", [transport, messageID]) else {
                return nil
            }
            return SentChoicesRecord(
                transport: transport, messageID: messageID, chatExternalID: row.string("chat_external_id") ?? "",
                tokens: (try? JSON.parse(row.string("tokens") ?? "null")) ?? .null)
        }
    }

    /// Forgets the choices of a message (e.g. once they were edited away).
    public func deleteChoices(transport: String, messageID: String) async throws {
        try await database.write { db in
            try db.query("DELETE FROM sent_choices WHERE transport = ? AND message_id = ?", [transport, messageID])
        }
    }

    /// Removes records older than `cutoff`.
    public func pruneChoices(olderThan cutoff: Date) async throws {
        try await database.write { db in try db.query("DELETE FROM sent_choices WHERE created_at < ?", [Store.timestamp(cutoff)]) }
    }
}
