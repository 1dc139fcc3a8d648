import Foundation
import JSON
import Postgres
import Storage

// What the transports remember about sent messages, on PostgreSQL: the choices behind a message
// (`sent_choice`), Telegram's file ids (`telegram_file`), and Telegram polls, which are `sent_choice`
// rows of the transport `telegram.poll` keyed by poll id, with the chat kind and message id as JSON
// in `tokens` (issue #16 §1), as on SQLite.
extension PostgresStore: TransportCacheStore {
    /// `TransportCacheStore.recordChoices`: see there.
    public func recordChoices(transport: String, messageID: String, chatExternalID: String, tokens: JSON, now: Date) async throws {
        try await session.execute("""
            INSERT INTO sent_choice (transport, message_id, chat_external_id, tokens, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5::float8))
            ON CONFLICT (transport, message_id) DO UPDATE SET tokens = EXCLUDED.tokens, chat_external_id = EXCLUDED.chat_external_id
            """, [.text(transport), .text(messageID), .text(chatExternalID), .text(tokens.serialized()), Timestamp.parameter(now)])
    }

    /// `TransportCacheStore.sentChoices`: see there.
    public func sentChoices(transport: String, messageID: String) async throws -> SentChoicesRecord? {
        let rows = try await session.query(
            "SELECT chat_external_id, tokens FROM sent_choice WHERE transport = $1 AND message_id = $2", [.text(transport), .text(messageID)])
        guard let row = rows.first else { return nil }
        return SentChoicesRecord(
            transport: transport, messageID: messageID, chatExternalID: try row.string("chat_external_id"),
            tokens: try JSON.parse(try row.string("tokens")))
    }

    /// `TransportCacheStore.deleteChoices`: see there.
    public func deleteChoices(transport: String, messageID: String) async throws {
        try await session.execute("DELETE FROM sent_choice WHERE transport = $1 AND message_id = $2", [.text(transport), .text(messageID)])
    }

    /// `TransportCacheStore.pruneChoices`: see there.
    public func pruneChoices(olderThan cutoff: Date) async throws {
        try await session.execute("DELETE FROM sent_choice WHERE created_at < to_timestamp($1::float8)", [Timestamp.parameter(cutoff)])
    }

    /// `TransportCacheStore.telegramFileID`: see there.
    public func telegramFileID(sha256: String) async throws -> String? {
        try await session.query("SELECT file_id FROM telegram_file WHERE sha256 = $1", [.text(sha256)]).first?.string("file_id")
    }

    /// `TransportCacheStore.saveTelegramFileID`: see there.
    public func saveTelegramFileID(_ fileID: String, sha256: String, now: Date) async throws {
        try await session.execute("""
            INSERT INTO telegram_file (sha256, file_id, created_at) VALUES ($1, $2, to_timestamp($3::float8))
            ON CONFLICT (sha256) DO UPDATE SET file_id = EXCLUDED.file_id, created_at = EXCLUDED.created_at
            """, [.text(sha256), .text(fileID), Timestamp.parameter(now)])
    }

    /// `TransportCacheStore.forgetTelegramFileID`: see there.
    public func forgetTelegramFileID(sha256: String) async throws {
        try await session.execute("DELETE FROM telegram_file WHERE sha256 = $1", [.text(sha256)])
    }

    /// `TransportCacheStore.saveTelegramPoll`: see there.
    public func saveTelegramPoll(pollID: String, chatID: String, kind: ChatKind, messageID: String, now: Date) async throws {
        let details: JSON = ["kind": .string(kind.rawValue), "message_id": .string(messageID)]
        try await session.execute("""
            INSERT INTO sent_choice (transport, message_id, chat_external_id, tokens, created_at)
            VALUES ('\(Self.telegramPoll)', $1, $2, $3, to_timestamp($4::float8))
            ON CONFLICT (transport, message_id) DO UPDATE SET chat_external_id = EXCLUDED.chat_external_id, tokens = EXCLUDED.tokens,
              created_at = EXCLUDED.created_at
            """, [.text(pollID), .text(chatID), .text(details.serialized()), Timestamp.parameter(now)])
    }

    /// `TransportCacheStore.telegramPollChat`: see there. A row whose details cannot be read is an error.
    public func telegramPollChat(pollID: String) async throws -> (chatID: String, kind: ChatKind, messageID: String?)? {
        guard let choices = try await sentChoices(transport: Self.telegramPoll, messageID: pollID) else { return nil }
        let kindText = choices.tokens["kind"]?.string ?? ""
        guard let kind = ChatKind(rawValue: kindText) else { throw StorageError.corrupt("telegram poll \(pollID) has chat kind '\(kindText)'") }
        return (choices.chatExternalID, kind, choices.tokens["message_id"]?.string)
    }

    /// The transport name Telegram polls are recorded under.
    static let telegramPoll = "telegram.poll"
}
