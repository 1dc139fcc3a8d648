import Foundation
import SQLite

/// Posted messages whose `sent_messages` rows (which bot message a reply quotes) are still to be written.
///
/// A busy Telegram sender records thousands of posted messages a minute, each in another chat's part of
/// that table, so a row per sent mark rewrote a page per reply. The entries of sent-mark batches wait here
/// and are written together, once `maxCount` wait or the oldest is `maxAge` seconds old; until then a lookup
/// finds them here. Entries lost in a crash are rebuilt from the outbox rows (which hold the posted ids)
/// at the next start (`Store.indexPostedMessages`).
struct PostedBacklog: Sendable {
    struct Entry: Sendable, Equatable {
        let transport: String
        let chat: String
        let remoteID: String
        let txnID: String
        let position: Int
        let at: Double
    }

    static let maxCount = 1_000
    static let maxAge = 1.0

    private(set) var entries: [Entry] = []

    /// The posted messages of a sent row.
    mutating func add(_ record: OutboxRecord, remoteIDs: [String], at time: Double) {
        for (position, remote) in remoteIDs.enumerated() where !remote.isEmpty {
            entries.append(Entry(
                transport: record.transport, chat: record.chatExternalID, remoteID: remote, txnID: record.txnID, position: position, at: time))
        }
    }

    /// Everything waiting, when it is time to write it.
    mutating func takeIfDue(now: Double) -> [Entry]? {
        guard let oldest = entries.first?.at, entries.count >= PostedBacklog.maxCount || now - oldest >= PostedBacklog.maxAge else { return nil }
        return takeAll()
    }

    mutating func takeAll() -> [Entry] {
        defer { entries = [] }
        return entries
    }

    /// Entries taken for a write that failed wait again, before any added since.
    mutating func putBack(_ taken: [Entry]) { entries = taken + entries }

    /// The latest entry for a posted message, if it still waits here.
    func find(transport: String, chat: String, remoteID: String) -> (txnID: String, position: Int)? {
        entries.last { $0.transport == transport && $0.chat == chat && $0.remoteID == remoteID }.map { ($0.txnID, $0.position) }
    }

    /// Forgets entries older than `cutoff` (pruning).
    mutating func drop(before cutoff: Double) { entries.removeAll { $0.at < cutoff } }
}

extension Store {
    static func insertPosted(_ db: Connection, _ entries: [PostedBacklog.Entry]) throws {
        for entry in entries {
            try insertPosted(
                db, transport: entry.transport, chat: entry.chat, remoteID: entry.remoteID, txnID: entry.txnID, position: entry.position,
                at: entry.at)
        }
    }

    /// Writes what waits in the backlog (a clean close).
    func flushPosted() {
        let waiting = postedBacklog.withLock { $0.takeAll() }
        guard !waiting.isEmpty else { return }
        _ = try? database.sync { db in try db.transaction { db in try Store.insertPosted(db, waiting) } }
    }

    /// Indexes the posted messages of outbox rows sent since shortly before the newest indexed one: what a
    /// crash took from the backlog. A row indexed already gets the same entry again (its time is the row's `sent_at`
    /// either way).
    static func indexPostedMessages(_ db: Connection) throws {
        let newest = try db.first("SELECT max(created_at) AS newest FROM sent_messages")?.double("newest") ?? 0
        let rows = try db.query(
            """
            SELECT transport, chat_external_id, txn_id, remote_id, sent_at FROM outbox
            WHERE state = 'sent' AND remote_id IS NOT NULL AND remote_id != '' AND sent_at >= ?
            """, [newest - 60])
        guard !rows.isEmpty else { return }
        try db.transaction { db in
            for row in rows {
                guard let transport = row.string("transport"), let chat = row.string("chat_external_id"), let txn = row.string("txn_id"),
                      let remote = row.string("remote_id") else { continue }
                // Empty ids keep their places, as `recordPosted` counts positions.
                let ids = remote.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                try recordPosted(db, transport: transport, chat: chat, txnID: txn, remoteIDs: ids, now: Date(timeIntervalSince1970: row.double("sent_at") ?? newest))
            }
        }
    }
}
