import Foundation
import SQLite

/// An update stored by a webhook before it was answered, waiting to be handled.
public struct InboxRecord: Sendable, Hashable {
    /// The row id: rows are handled in arrival order.
    public let id: Int64
    /// The transport's id of the update (Telegram `update_id`).
    public let updateID: String
    /// The update as received (JSON text).
    public let payload: String
    /// When it was stored.
    public let receivedAt: Date
}

extension Store {
    /// Stores an incoming update unless one with the same id is already known. Returns true when it was
    /// new; false for a repeat (Telegram retries a webhook it did not see answered), which changes nothing.
    public func insertInbox(transport: String, updateID: String, payload: String, now: Date = Date()) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "INSERT OR IGNORE INTO inbox (transport, update_id, payload, state, received_at) VALUES (?, ?, ?, 'pending', ?)",
                [transport, updateID, payload, Store.timestamp(now)])
            return db.changes > 0
        }
    }

    /// Pending rows after row `afterID`, oldest first.
    public func pendingInbox(transport: String, afterID: Int64, limit: Int) async throws -> [InboxRecord] {
        try await database.run { db in
            try db.query(
                "SELECT id, update_id, payload, received_at FROM inbox WHERE transport = ? AND state = 'pending' AND id > ? ORDER BY id LIMIT ?",
                [transport, afterID, Int64(max(1, limit))]
            ).map { row in
                guard let id = row.int("id"), let updateID = row.string("update_id"), let payload = row.string("payload"),
                      let received = row.double("received_at")
                else { throw StorageError.corrupt("inbox row") }
                return InboxRecord(id: id, updateID: updateID, payload: payload, receivedAt: Date(timeIntervalSince1970: received))
            }
        }
    }

    /// How many rows wait, and when the oldest of them arrived.
    public func inboxDepth(transport: String) async throws -> (count: Int, oldest: Date?) {
        try await database.run { db in
            let row = try db.first(
                "SELECT count(*) AS n, min(received_at) AS oldest FROM inbox WHERE transport = ? AND state = 'pending'", [transport])
            return (Int(row?.int("n") ?? 0), row?.double("oldest").map { Date(timeIntervalSince1970: $0) })
        }
    }

    /// The webhook counterpart of `markProcessed`: records the updates as handled, marks their inbox rows
    /// done, writes the replies their handler produced and forgets their attempts, in one transaction.
    /// Either the update is done and its replies will be sent, or neither happened and it is handled again.
    public func markInboxProcessed(
        transport: String, updateIDs: [String], outbox drafts: [OutboxDraft], attemptKind: String?, now: Date = Date()
    ) async throws -> [OutboxRecord] {
        let texts = Store.serializedPayloads(drafts)
        return try await database.write { db in
            for id in updateIDs {
                _ = try Store.markProcessed(db, transport: transport, updateID: id, cursor: nil, now: now)
                try db.query(
                    "UPDATE inbox SET state = 'done', handled_at = ? WHERE transport = ? AND update_id = ?",
                    [Store.timestamp(now), transport, id])
            }
            let rows = try Store.insertOutbox(db, drafts, texts: texts, now: now)
            if let attemptKind { try Store.finishAttempts(db, kind: attemptKind, itemIDs: updateIDs) }
            return rows
        }
    }

    /// Forgets handled inbox rows older than `cutoff` (Telegram stops retrying a delivery long before).
    public func pruneInbox(olderThan cutoff: Date) async throws {
        try await database.write { db in
            try db.query("DELETE FROM inbox WHERE state = 'done' AND handled_at < ?", [Store.timestamp(cutoff)])
        }
    }

    /// Outbox rows waiting to be sent per transport, and when the oldest was written.
    public func outboxDepth() async throws -> [(transport: String, count: Int, oldest: Date?)] {
        try await database.run { db in
            try db.query("SELECT transport, count(*) AS n, min(created_at) AS oldest FROM outbox WHERE state = 'pending' GROUP BY transport")
                .map { row in
                    (row.string("transport") ?? "?", Int(row.int("n") ?? 0), row.double("oldest").map { Date(timeIntervalSince1970: $0) })
                }
        }
    }

    /// Try-on (and other) jobs per state.
    public func jobCounts() async throws -> [(state: String, count: Int)] {
        try await database.run { db in
            try db.query("SELECT state, count(*) AS n FROM jobs GROUP BY state").map { ($0.string("state") ?? "?", Int($0.int("n") ?? 0)) }
        }
    }

    /// Runs a trivial query: true when the database answers.
    public func ping() async -> Bool {
        (try? await database.run { db in try db.first("SELECT 1 AS one")?.int("one") }) == 1
    }
}
