import Foundation
import JSON
import SQLite

/// A message persisted before it is sent, so a retry reuses its transaction id.
public struct OutboxRecord: Sendable, Hashable {
    /// The row id.
    public let id: Int64
    /// The transport that sends it, e.g. "matrix".
    public let transport: String
    /// The room or chat it goes to.
    public let chatExternalID: String
    /// The idempotency key the server deduplicates on (Matrix txnId).
    public let txnID: String
    /// What to send: the transport's own description (for Matrix: event type and content).
    public let payload: JSON
    /// "pending", "sent" or "failed".
    public let state: String
    /// The server's id of the sent message, once sent.
    public let remoteID: String?
    /// When the row was written.
    public let createdAt: Date
}

extension Store {
    /// Persists a message under `txnID` before it is sent and returns the stored row.
    /// When the id is already known (a retry after a crash or timeout) the existing row is returned unchanged.
    public func enqueueOutbox(
        transport: String, chatExternalID: String, txnID: String, payload: JSON, now: Date = Date()
    ) async throws -> OutboxRecord {
        try await database.write { db in
            try db.query(
                """
                INSERT OR IGNORE INTO outbox (transport, chat_external_id, txn_id, payload, state, created_at)
                VALUES (?, ?, ?, ?, 'pending', ?)
                """, [transport, chatExternalID, txnID, payload.serialized(), Store.timestamp(now)])
            guard let row = try db.first("SELECT * FROM outbox WHERE txn_id = ?", [txnID]) else {
                throw StorageError.notFound("outbox entry \(txnID)")
            }
            return Store.outbox(from: row)
        }
    }

    /// The outbox row with this transaction id, if any.
    public func outbox(txnID: String) async throws -> OutboxRecord? {
        try await database.run { db in try db.first("SELECT * FROM outbox WHERE txn_id = ?", [txnID]).map(Store.outbox(from:)) }
    }

    /// Records that the server accepted the message as `remoteID`.
    public func markOutboxSent(txnID: String, remoteID: String, now: Date = Date()) async throws {
        try await database.write { db in
            try db.query(
                "UPDATE outbox SET state = 'sent', remote_id = ?, sent_at = ? WHERE txn_id = ?",
                [remoteID, Store.timestamp(now), txnID])
        }
    }

    /// Records that the message was given up on (a permanent error); it is not retried.
    public func markOutboxFailed(txnID: String, now: Date = Date()) async throws {
        try await database.write { db in
            try db.query("UPDATE outbox SET state = 'failed', sent_at = ? WHERE txn_id = ?", [Store.timestamp(now), txnID])
        }
    }

    /// Pending messages of a transport created after `since`, oldest first (resent after a crash).
    public func pendingOutbox(transport: String, since: Date) async throws -> [OutboxRecord] {
        try await database.run { db in
            try db.query(
                "SELECT * FROM outbox WHERE transport = ? AND state = 'pending' AND created_at >= ? ORDER BY id",
                [transport, Store.timestamp(since)]
            ).map(Store.outbox(from:))
        }
    }

    /// Removes sent and failed rows older than `cutoff`.
    public func pruneOutbox(olderThan cutoff: Date) async throws {
        try await database.write { db in
            try db.query("DELETE FROM outbox WHERE state != 'pending' AND created_at < ?", [Store.timestamp(cutoff)])
        }
    }

    static func outbox(from row: Row) -> OutboxRecord {
        OutboxRecord(
            id: row.int("id") ?? 0, transport: row.string("transport") ?? "", chatExternalID: row.string("chat_external_id") ?? "",
            txnID: row.string("txn_id") ?? "", payload: (try? JSON.parse(row.string("payload") ?? "{}")) ?? [:],
            state: row.string("state") ?? "pending", remoteID: row.string("remote_id"),
            createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0))
    }
}
