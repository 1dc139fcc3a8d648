import Foundation
import JSON
import SQLite

/// A message persisted before it is sent. Every transport's replies go through this one table:
/// Matrix sends each row under its transaction id (the homeserver deduplicates), Telegram's sender
/// sends rows in order per chat and records each API call as it is answered.
public struct OutboxRecord: Sendable, Hashable {
    /// The row id; rows of one chat are sent in this order.
    public let id: Int64
    /// The transport that sends it, e.g. "matrix".
    public let transport: String
    /// The room or chat it goes to.
    public let chatExternalID: String
    /// "private" or "group" (rate limits differ).
    public let chatKind: String
    /// The idempotency key: a retry or a handler run again after a crash reuses it.
    public let txnID: String
    /// What to send: the transport's own description.
    public let payload: JSON
    /// "pending", "sent", "failed" or "dropped" (superseded or expired before it was sent).
    public let state: String
    /// The ids of the messages posted so far, in order (several for an album or a long text).
    public let remoteIDs: [String]
    /// How many of the message's API calls are done (a restart resumes after them).
    public let stepsDone: Int
    /// After this instant the row is not worth sending (an answer to a button press).
    public let expiresAt: Date?
    /// When the row was written.
    public let createdAt: Date

    /// The first posted message's id (Matrix: the event id).
    public var remoteID: String? { remoteIDs.first }

    public init(
        id: Int64, transport: String, chatExternalID: String, chatKind: String, txnID: String, payload: JSON, state: String,
        remoteIDs: [String], stepsDone: Int, expiresAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.transport = transport
        self.chatExternalID = chatExternalID
        self.chatKind = chatKind
        self.txnID = txnID
        self.payload = payload
        self.state = state
        self.remoteIDs = remoteIDs
        self.stepsDone = stepsDone
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}

/// A row the server accepted, as `Store.markOutboxSent(_:now:)` records it.
public struct OutboxSentMark: Sendable {
    /// The row that was sent.
    public let record: OutboxRecord
    /// The ids of the messages it posted, in order.
    public let remoteIDs: [String]
    /// Whether the row has stored files to delete.
    public let hasFiles: Bool

    public init(record: OutboxRecord, remoteIDs: [String], hasFiles: Bool) {
        self.record = record
        self.remoteIDs = remoteIDs
        self.hasFiles = hasFiles
    }
}

/// A message to persist: what `Store.enqueueOutbox` and `markProcessed` write.
public struct OutboxDraft: Sendable {
    public let txnID: String
    public let transport: String
    public let chatExternalID: String
    public let chatKind: String
    public let payload: JSON
    /// Binary parts (photos, documents) kept beside the payload, in order.
    public let files: [[UInt8]]
    public let expiresAt: Date?

    public init(
        txnID: String, transport: String, chatExternalID: String, chatKind: String = "private", payload: JSON, files: [[UInt8]] = [],
        expiresAt: Date? = nil
    ) {
        self.txnID = txnID
        self.transport = transport
        self.chatExternalID = chatExternalID
        self.chatKind = chatKind
        self.payload = payload
        self.files = files
        self.expiresAt = expiresAt
    }
}

extension Store {
    /// Persists several messages in one transaction; ids already known keep their rows. Returns the rows in order.
    public func enqueueOutbox(_ drafts: [OutboxDraft], now: Date = Date()) async throws -> [OutboxRecord] {
        guard !drafts.isEmpty else { return [] }
        let texts = Store.serializedPayloads(drafts)
        return try await database.write { db in try Store.insertOutbox(db, drafts, texts: texts, now: now) }
    }

    /// The drafts' payloads as stored text, made before the write: the database queue is one thread
    /// that every write waits for, so work that needs no connection stays off it.
    /// Keys in any order: only the sender reads the payload back.
    static func serializedPayloads(_ drafts: [OutboxDraft]) -> [String] { drafts.map { $0.payload.serialized(sortingKeys: false) } }

    /// Writes drafts whose payloads `serializedPayloads` turned into `texts`.
    static func insertOutbox(_ db: Connection, _ drafts: [OutboxDraft], texts: [String], now: Date) throws -> [OutboxRecord] {
        var records: [OutboxRecord] = []
        for (draft, text) in zip(drafts, texts) {
            try db.query(
                """
                INSERT OR IGNORE INTO outbox (transport, chat_external_id, chat_kind, txn_id, payload, state, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
                """,
                [draft.transport, draft.chatExternalID, draft.chatKind, draft.txnID, text, Store.timestamp(now),
                 draft.expiresAt.map(Store.timestamp)])
            if db.changes > 0 {
                // A new row is exactly the draft: no need to read it back (and parse its payload again).
                let id = db.lastInsertRowID
                for (position, bytes) in draft.files.enumerated() {
                    try db.query("INSERT INTO outbox_files (txn_id, position, bytes) VALUES (?, ?, ?)", [draft.txnID, position, bytes])
                }
                records.append(OutboxRecord(
                    id: id, transport: draft.transport, chatExternalID: draft.chatExternalID, chatKind: draft.chatKind, txnID: draft.txnID,
                    payload: draft.payload, state: "pending", remoteIDs: [], stepsDone: 0,
                    expiresAt: draft.expiresAt.map { Date(timeIntervalSince1970: Store.timestamp($0)) },
                    createdAt: Date(timeIntervalSince1970: Store.timestamp(now))))
                continue
            }
            guard let row = try db.first("SELECT * FROM outbox WHERE txn_id = ?", [draft.txnID]) else {
                throw StorageError.notFound("outbox entry \(draft.txnID)")
            }
            records.append(try Store.outbox(from: row))
        }
        return records
    }

    /// The outbox row with this transaction id, if any.
    public func outbox(txnID: String) async throws -> OutboxRecord? {
        try await database.run { db in try db.first("SELECT * FROM outbox WHERE txn_id = ?", [txnID]).map(Store.outbox(from:)) }
    }

    /// The binary parts stored with a row, in order.
    public func outboxFiles(txnID: String) async throws -> [[UInt8]] {
        try await database.run { db in
            try db.query("SELECT bytes FROM outbox_files WHERE txn_id = ? ORDER BY position", [txnID]).map { $0.blob("bytes") ?? [] }
        }
    }

    /// Records that the whole message went out as `remoteIDs`; its files are no longer needed.
    public func markOutboxSent(txnID: String, remoteIDs: [String], now: Date = Date()) async throws {
        try await database.write { db in
            guard let row = try db.first("SELECT transport, chat_external_id FROM outbox WHERE txn_id = ?", [txnID]),
                  let transport = row.string("transport"), let chat = row.string("chat_external_id") else {
                // No such row: nothing to record the posted ids against, but its files go all the same.
                try db.query("DELETE FROM outbox_files WHERE txn_id = ?", [txnID])
                return
            }
            try Store.recordSent(db, transport: transport, chat: chat, txnID: txnID, remoteIDs: remoteIDs, hasFiles: true, now: now)
        }
    }

    /// `markOutboxSent(txnID:remoteIDs:now:)` for a row the caller holds: its transport and chat need
    /// no lookup, and a message without files has none to delete (the sender's every reply comes here).
    public func markOutboxSent(_ record: OutboxRecord, remoteIDs: [String], hasFiles: Bool, now: Date = Date()) async throws {
        try await database.write { db in
            try Store.recordSent(
                db, transport: record.transport, chat: record.chatExternalID, txnID: record.txnID, remoteIDs: remoteIDs, hasFiles: hasFiles, now: now)
        }
    }

    /// Records several answered rows as sent in one transaction: each as
    /// `markOutboxSent(_:remoteIDs:hasFiles:now:)` would, without a write of its own.
    /// The posted ids go to `sent_messages` in bigger batches (`PostedBacklog`); lookups see them at once.
    public func markOutboxSent(_ marks: [OutboxSentMark], now: Date = Date()) async throws {
        guard !marks.isEmpty else { return }
        let time = Store.timestamp(now)
        let due = postedBacklog.withLock { backlog in
            for mark in marks { backlog.add(mark.record, remoteIDs: mark.remoteIDs, at: time) }
            return backlog.takeIfDue(now: time)
        }
        do {
            try await database.write { db in
                try Store.recordSent(db, marks, now: now)
                if let due { try Store.insertPosted(db, due) }
            }
        } catch {
            if let due { postedBacklog.withLock { $0.putBack(due) } }
            throw error
        }
    }

    /// `recordSent` for rows the sender holds: the row is found by its id, not by the transaction
    /// id's index. (One statement per row: multi-row forms, `UPDATE … FROM (VALUES …)` and
    /// `INSERT … VALUES (…), (…)`, measured slower or no faster; rewriting each row's page is the cost.)
    static func recordSent(_ db: Connection, _ marks: [OutboxSentMark], now: Date) throws {
        let time = Store.timestamp(now)
        for mark in marks {
            let record = mark.record
            try db.query(
                "UPDATE outbox SET state = 'sent', remote_id = ?, sent_at = ? WHERE id = ? AND txn_id = ?",
                [mark.remoteIDs.joined(separator: ","), time, record.id, record.txnID])
            if mark.hasFiles { try db.query("DELETE FROM outbox_files WHERE txn_id = ?", [record.txnID]) }
        }
    }

    private static func recordSent(
        _ db: Connection, transport: String, chat: String, txnID: String, remoteIDs: [String], hasFiles: Bool, now: Date
    ) throws {
        try recordPosted(db, transport: transport, chat: chat, txnID: txnID, remoteIDs: remoteIDs, now: now)
        try db.query(
            "UPDATE outbox SET state = 'sent', remote_id = ?, sent_at = ? WHERE txn_id = ?",
            [remoteIDs.joined(separator: ","), Store.timestamp(now), txnID])
        if hasFiles { try db.query("DELETE FROM outbox_files WHERE txn_id = ?", [txnID]) }
    }

    /// Records that `stepsDone` of a message's API calls are done, having posted `remoteIDs` so far;
    /// a restart resumes after them instead of repeating an album.
    public func markOutboxProgress(txnID: String, stepsDone: Int, remoteIDs: [String], now: Date = Date()) async throws {
        try await database.write { db in
            try Store.recordPosted(db, txnID: txnID, remoteIDs: remoteIDs, now: now)
            try db.query(
                "UPDATE outbox SET steps_done = ?, remote_id = ? WHERE txn_id = ?", [stepsDone, remoteIDs.joined(separator: ","), txnID])
        }
    }

    /// Records that the message was given up on (a permanent error); it is not retried.
    public func markOutboxFailed(txnID: String, now: Date = Date()) async throws {
        try await finishOutbox(txnID: txnID, state: "failed", now: now)
    }

    /// Records that the message was not sent because it no longer mattered (superseded or expired).
    public func markOutboxDropped(txnID: String, now: Date = Date()) async throws {
        try await finishOutbox(txnID: txnID, state: "dropped", now: now)
    }

    private func finishOutbox(txnID: String, state: String, now: Date) async throws {
        try await database.write { db in
            try db.query("UPDATE outbox SET state = ?, sent_at = ? WHERE txn_id = ?", [state, Store.timestamp(now), txnID])
            try db.query("DELETE FROM outbox_files WHERE txn_id = ?", [txnID])
        }
    }

    /// Pending messages of a transport created after `since`, oldest first (resent after a crash).
    public func pendingOutbox(transport: String, since: Date = .distantPast) async throws -> [OutboxRecord] {
        try await database.run { db in
            try db.query(
                "SELECT * FROM outbox WHERE transport = ? AND state = 'pending' AND created_at >= ? ORDER BY id",
                [transport, Store.timestamp(since)]
            ).map(Store.outbox(from:))
        }
    }

    /// The row and position that posted `remoteID` in a chat, so a reply to a bot message can be
    /// matched with the reference the handler was given before the message was sent.
    public func outboxMessage(transport: String, chatExternalID: String, remoteID: String) async throws -> (txnID: String, position: Int)? {
        if let waiting = postedBacklog.withLock({ $0.find(transport: transport, chat: chatExternalID, remoteID: remoteID) }) { return waiting }
        return try await database.run { db in
            guard let row = try db.first(
                "SELECT txn_id, position FROM sent_messages WHERE transport = ? AND chat_external_id = ? AND remote_id = ?",
                [transport, chatExternalID, remoteID]), let txn = row.string("txn_id"), let position = row.int("position") else { return nil }
            return (txn, Int(position))
        }
    }

    /// Removes sent, failed and dropped rows older than `cutoff`, with their posted-message index.
    public func pruneOutbox(olderThan cutoff: Date) async throws {
        postedBacklog.withLock { $0.drop(before: Store.timestamp(cutoff)) }
        try await database.write { db in
            try db.query("DELETE FROM outbox WHERE state != 'pending' AND created_at < ?", [Store.timestamp(cutoff)])
            try db.query("DELETE FROM sent_messages WHERE created_at < ?", [Store.timestamp(cutoff)])
        }
    }

    private static func recordPosted(_ db: Connection, txnID: String, remoteIDs: [String], now: Date) throws {
        guard !remoteIDs.isEmpty, let row = try db.first("SELECT transport, chat_external_id FROM outbox WHERE txn_id = ?", [txnID]),
              let transport = row.string("transport"), let chat = row.string("chat_external_id") else { return }
        try recordPosted(db, transport: transport, chat: chat, txnID: txnID, remoteIDs: remoteIDs, now: now)
    }

    static func recordPosted(_ db: Connection, transport: String, chat: String, txnID: String, remoteIDs: [String], now: Date) throws {
        for (position, remote) in remoteIDs.enumerated() where !remote.isEmpty {
            try insertPosted(db, transport: transport, chat: chat, remoteID: remote, txnID: txnID, position: position, at: Store.timestamp(now))
        }
    }

    /// The `sent_messages` row of one posted message; a row for the same message is replaced.
    static func insertPosted(_ db: Connection, transport: String, chat: String, remoteID: String, txnID: String, position: Int, at time: Double) throws {
        try db.query(
            """
            INSERT OR REPLACE INTO sent_messages (transport, chat_external_id, remote_id, txn_id, position, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [transport, chat, remoteID, txnID, position, time])
    }

    static func outbox(from row: Row) throws -> OutboxRecord {
        guard let id = row.int("id"), let transport = row.string("transport"), let chat = row.string("chat_external_id"),
              let txn = row.string("txn_id"), let text = row.string("payload"), let state = row.string("state"),
              let created = row.double("created_at") else {
            throw StorageError.corrupt("outbox row has missing columns")
        }
        let remote = row.string("remote_id").map { $0.split(separator: ",").map(String.init) } ?? []
        return OutboxRecord(
            id: id, transport: transport, chatExternalID: chat, chatKind: row.string("chat_kind") ?? "private", txnID: txn,
            payload: try JSON.parse(text), state: state, remoteIDs: remote, stepsDone: Int(row.int("steps_done") ?? 0),
            expiresAt: row.double("expires_at").map(Date.init(timeIntervalSince1970:)), createdAt: Date(timeIntervalSince1970: created))
    }
}
