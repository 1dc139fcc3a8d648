import Foundation
import JSON
import SQLite

/// Telegram's own bookkeeping: the file_id cache for uploads, the poll → chat mapping for votes,
/// and recording several updates (an album) as handled in one transaction.
extension Store {
    /// The file_id Telegram gave an earlier upload of these bytes, if any.
    public func telegramFileID(sha256: String) async throws -> String? {
        try await database.run { db in try db.first("SELECT file_id FROM telegram_files WHERE sha256 = ?", [sha256])?.string("file_id") }
    }

    /// Remembers the file_id of an uploaded image so the next send reuses it.
    public func saveTelegramFileID(_ fileID: String, sha256: String, now: Date) async throws {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO telegram_files (sha256, file_id, created_at) VALUES (?, ?, ?)
                ON CONFLICT (sha256) DO UPDATE SET file_id = excluded.file_id, created_at = excluded.created_at
                """, [sha256, fileID, Store.timestamp(now)])
        }
    }

    /// Forgets a cached file_id that Telegram no longer accepts.
    public func forgetTelegramFileID(sha256: String) async throws {
        try await database.write { db in try db.query("DELETE FROM telegram_files WHERE sha256 = ?", [sha256]) }
    }

    /// Remembers which chat a poll was sent to (poll answers name only the poll).
    /// Stored in `sent_choices` under the transport "telegram.poll", keyed by poll id.
    public func saveTelegramPoll(pollID: String, chatID: String, kind: ChatKind, messageID: String, now: Date) async throws {
        let details: JSON = ["kind": .string(kind.rawValue), "message_id": .string(messageID)]
        try await database.write { db in
            try db.query(
                """
                INSERT OR REPLACE INTO sent_choices (transport, message_id, chat_external_id, tokens, created_at)
                VALUES ('telegram.poll', ?, ?, ?, ?)
                """, [pollID, chatID, details.serialized(), Store.timestamp(now)])
        }
    }

    /// The chat (external id and kind) a poll was sent to, and the poll's message id, if known.
    public func telegramPollChat(pollID: String) async throws -> (chatID: String, kind: ChatKind, messageID: String?)? {
        try await database.run { db in
            guard let row = try db.first(
                "SELECT chat_external_id, tokens FROM sent_choices WHERE transport = 'telegram.poll' AND message_id = ?", [pollID]),
                let chat = row.string("chat_external_id") else { return nil }
            let details = try? JSON.parse(row.string("tokens") ?? "{}")
            let kind = details?["kind"]?.string.flatMap(ChatKind.init(rawValue:))
            return (chat, kind ?? .group, details?["message_id"]?.string)
        }
    }

    /// Records several updates as handled and moves the cursor, all in one transaction.
    /// Returns the ids that were newly recorded.
    @discardableResult
    public func markProcessed(transport: String, updateIDs: [String], cursor: String?, now: Date = Date()) async throws -> [String] {
        try await markProcessed(transport: transport, updateIDs: updateIDs, cursor: cursor, outbox: [], attemptKind: nil, now: now).recorded
    }

    /// Records updates as handled, moves the cursor, writes the replies their handler produced to the
    /// outbox and forgets their attempts, all in one transaction: either the update is done and its
    /// replies will be sent, or neither happened and the update is handled again.
    public func markProcessed(
        transport: String, updateIDs: [String], cursor: String?, outbox drafts: [OutboxDraft], attemptKind: String?, now: Date = Date()
    ) async throws -> (recorded: [String], outbox: [OutboxRecord]) {
        let texts = Store.serializedPayloads(drafts)
        return try await database.write { db in
            var recorded: [String] = []
            for (index, id) in updateIDs.enumerated() {
                let last = index == updateIDs.count - 1
                if try Store.markProcessed(db, transport: transport, updateID: id, cursor: last ? cursor : nil, now: now) { recorded.append(id) }
            }
            if updateIDs.isEmpty, let cursor { try Store.saveCursor(db, transport: transport, value: cursor, now: now) }
            let rows = try Store.insertOutbox(db, drafts, texts: texts, now: now)
            if let attemptKind { try Store.finishAttempts(db, kind: attemptKind, itemIDs: updateIDs) }
            return (recorded, rows)
        }
    }

    /// Which of `updateIDs` were already handled.
    public func processedIDs(transport: String, among updateIDs: [String]) async throws -> Set<String> {
        guard !updateIDs.isEmpty else { return [] }
        return try await database.run { db in
            var found: Set<String> = []
            for id in updateIDs
            where try db.first("SELECT 1 AS hit FROM processed_updates WHERE transport = ? AND update_id = ?", [transport, id]) != nil {
                found.insert(id)
            }
            return found
        }
    }
}
