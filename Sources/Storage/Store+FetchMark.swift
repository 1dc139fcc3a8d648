import Foundation
import SQLite

/// The record a worker keeps of the updates it may be handling without an attempt row of their own:
/// everything it fetched up to `high`. Found at start-up with another process's name, it means that
/// process died with those updates perhaps running (see docs/telegram.md#poison-messages).
public struct FetchMark: Sendable, Hashable {
    /// The worker process that wrote it (a random name per process).
    public let process: String
    /// The highest position fetched: an update id (polling) or an inbox row id (webhook).
    public let high: Int64

    public init(process: String, high: Int64) {
        self.process = process
        self.high = high
    }

    /// The stored form, "process:high".
    var text: String { "\(process):\(high)" }

    /// Reads the stored form; nil for anything else.
    init?(text: String) {
        guard let colon = text.lastIndex(of: ":"), let high = Int64(text[text.index(after: colon)...]) else { return nil }
        self.init(process: String(text[..<colon]), high: high)
    }
}

/// A fetched update about to be admitted: its id and its position in fetch order.
public struct FetchedUpdate: Sendable, Hashable {
    /// The transport's update id.
    public let id: String
    /// What a fetch mark is compared with: the update id (polling) or the inbox row id (webhook).
    public let position: Int64

    public init(id: String, position: Int64) {
        self.id = id
        self.position = position
    }
}

/// What admitting a batch of fetched updates found.
public struct Admission: Sendable, Hashable {
    /// Updates already handled (before a restart).
    public let processed: Set<String>
    /// Updates that may have crashed a worker: fetched by a process that died, or started alone and
    /// not finished. They are handled one at a time, each with its attempt recorded first.
    public let suspects: Set<String>
    /// Whether the fetch mark now covers the batch (none of it is a suspect): its updates run without attempt rows.
    public let marked: Bool
}

extension Store {
    /// The fetch mark stored under `key`.
    public func fetchMark(key: String) async throws -> FetchMark? {
        try await cursor(transport: key).flatMap(FetchMark.init(text:))
    }

    /// Admits fetched updates before any of them is handled, in one write. It finds the ones already
    /// handled and the suspects: those at or below `suspectThrough` (the high mark of a process that
    /// died) and those with an unfinished attempt of `attemptKind`. A suspect from the dead process's
    /// batch without an attempt row is charged one start for that crash (the culprit is unknown); one
    /// with a row was charged already (or started alone since), so it is not charged twice. When no
    /// update is a suspect and `markThrough` is given, the mark under `markKey` becomes
    /// `process:markThrough`: from then on a crash charges this batch, not each update's own row.
    public func admit(
        transport: String, updates: [FetchedUpdate], markKey: String, process: String, suspectThrough: Int64?, markThrough: Int64?,
        attemptKind: String, chatKeys: [String: String] = [:], now: Date = Date()
    ) async throws -> Admission {
        guard !updates.isEmpty else { return Admission(processed: [], suspects: [], marked: false) }
        return try await database.write { db in
            var processed: Set<String> = []
            for update in updates
            where try db.first("SELECT 1 AS hit FROM processed_updates WHERE transport = ? AND update_id = ?", [transport, update.id]) != nil {
                processed.insert(update.id)
            }
            let open = updates.filter { !processed.contains($0.id) }
            var suspects: Set<String> = []
            // Unfinished attempts are rare (they exist only after a crash): one look decides whether to check each update.
            if try db.first("SELECT 1 AS hit FROM attempts WHERE kind = ? AND state = 'running' LIMIT 1", [attemptKind]) != nil {
                for update in open
                where try db.first("SELECT 1 AS hit FROM attempts WHERE kind = ? AND item_id = ? AND state = 'running'", [attemptKind, update.id]) != nil {
                    suspects.insert(update.id)
                }
            }
            if let suspectThrough {
                for update in open where update.position <= suspectThrough && !suspects.contains(update.id) {
                    try db.query(
                        """
                        INSERT INTO attempts (kind, item_id, chat_key, count, state, first_at, last_at) VALUES (?, ?, ?, 1, 'running', ?, ?)
                        ON CONFLICT (kind, item_id) DO NOTHING
                        """, [attemptKind, update.id, chatKeys[update.id] ?? "", Store.timestamp(now), Store.timestamp(now)])
                    suspects.insert(update.id)
                }
            }
            guard suspects.isEmpty, let markThrough else { return Admission(processed: processed, suspects: suspects, marked: false) }
            try Store.saveCursor(db, transport: markKey, value: FetchMark(process: process, high: markThrough).text, now: now)
            return Admission(processed: processed, suspects: [], marked: true)
        }
    }

    /// Forgets `process`'s fetch mark (a clean shutdown: nothing it fetched is running any more).
    /// Another process's mark stays: its suspects are still owed their charge.
    public func clearFetchMark(key: String, process: String) async throws {
        try await database.write { db in
            guard let text = try db.first("SELECT value FROM cursors WHERE transport = ?", [key])?.string("value"),
                  FetchMark(text: text)?.process == process else { return }
            try db.query("DELETE FROM cursors WHERE transport = ?", [key])
        }
    }
}
