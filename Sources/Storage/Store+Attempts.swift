import Foundation
import SQLite

/// One piece of work (an update, an event, a job, a daily send) that was started, and how often.
/// A row left behind by a crash is how a restarted worker knows the item was in progress.
public struct AttemptRecord: Sendable, Hashable {
    /// What kind of work: "telegram.update", "matrix.event", "tryon.job", "daily.send".
    public let kind: String
    /// The item's id within its kind.
    public let itemID: String
    /// The chat it belongs to, for the operator ("telegram:123"), or empty.
    public let chatKey: String
    /// How many times it was started.
    public let count: Int
    /// "running", or "set_aside" once it crashed the worker too often.
    public let state: String
    /// What the operator is told about it.
    public let detail: String
    public let firstAt: Date
    public let lastAt: Date
}

/// Whether an item may be handled again.
public enum AttemptDecision: Sendable, Equatable {
    /// Handle it; this is start number `attempt` (1 for the first).
    case handle(attempt: Int)
    /// It was started `attempts` times before and never finished: set it aside.
    case setAside(attempts: Int)
}

extension Store {
    /// Durably records that `itemID` is being started, unless it was already started `maxAttempts`
    /// times without finishing (each unfinished start is a crash): then it is marked set aside.
    public func beginAttempt(kind: String, itemID: String, chatKey: String = "", maxAttempts: Int, now: Date = Date()) async throws -> AttemptDecision {
        try await database.write { db in
            // One statement in the common case (a new item, or one started fewer than `maxAttempts` times):
            // the upsert counts the start and says the new count; it changes nothing for an item due to be set aside.
            let limit = max(maxAttempts, 1)
            let counted = try db.query(
                """
                INSERT INTO attempts (kind, item_id, chat_key, count, state, first_at, last_at) VALUES (?, ?, ?, 1, 'running', ?, ?)
                ON CONFLICT (kind, item_id) DO UPDATE SET count = count + 1, last_at = excluded.last_at,
                    chat_key = CASE attempts.chat_key WHEN '' THEN excluded.chat_key ELSE attempts.chat_key END
                WHERE attempts.state != 'set_aside' AND attempts.count < ?
                RETURNING count
                """, [kind, itemID, chatKey, Store.timestamp(now), Store.timestamp(now), limit], decode: Store.attemptCount(from:))
            if let count = counted.first { return .handle(attempt: Int(count)) }
            let previous = try db.first("SELECT count FROM attempts WHERE kind = ? AND item_id = ?", [kind, itemID])
            try db.query(
                "UPDATE attempts SET state = 'set_aside', last_at = ? WHERE kind = ? AND item_id = ?", [Store.timestamp(now), kind, itemID])
            return .setAside(attempts: Int(previous?.int("count") ?? 0))
        }
    }

    private static func attemptCount(from row: borrowing ColumnReader) -> Int64 { row.int(0) ?? 1 }

    /// Notes why an item was set aside (shown by `wardrobe doctor`).
    public func describeSetAside(kind: String, itemID: String, detail: String) async throws {
        try await database.write { db in
            try db.query("UPDATE attempts SET detail = ? WHERE kind = ? AND item_id = ?", [String(detail.prefix(500)), kind, itemID])
        }
    }

    /// Forgets the attempts of finished items (set-aside ones stay for the operator).
    public func finishAttempts(kind: String, itemIDs: [String]) async throws {
        guard !itemIDs.isEmpty else { return }
        try await database.write { db in try Store.finishAttempts(db, kind: kind, itemIDs: itemIDs) }
    }

    static func finishAttempts(_ db: Connection, kind: String, itemIDs: [String]) throws {
        for id in itemIDs {
            try db.query("DELETE FROM attempts WHERE kind = ? AND item_id = ? AND state = 'running'", [kind, id])
        }
    }

    /// Everything set aside, newest first.
    public func setAsideItems() async throws -> [AttemptRecord] {
        try await database.run { db in
            try db.query("SELECT * FROM attempts WHERE state = 'set_aside' ORDER BY last_at DESC").map { row in
                guard let kind = row.string("kind"), let id = row.string("item_id"), let count = row.int("count"),
                      let first = row.double("first_at"), let last = row.double("last_at") else {
                    throw StorageError.corrupt("attempts row has missing columns")
                }
                return AttemptRecord(
                    kind: kind, itemID: id, chatKey: row.string("chat_key") ?? "", count: Int(count), state: "set_aside",
                    detail: row.string("detail") ?? "", firstAt: Date(timeIntervalSince1970: first), lastAt: Date(timeIntervalSince1970: last))
            }
        }
    }

    /// Removes set-aside records older than `cutoff` (housekeeping).
    public func pruneAttempts(olderThan cutoff: Date) async throws {
        try await database.write { db in try db.query("DELETE FROM attempts WHERE last_at < ?", [Store.timestamp(cutoff)]) }
    }
}
