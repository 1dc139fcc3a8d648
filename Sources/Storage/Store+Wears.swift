import Foundation
import Schedule
import SQLite

/// Where a wear was recorded from.
public enum WearSource: String, Sendable, Hashable, CaseIterable {
    /// "I wore this" under an outfit (from `/outfit` or a group vote's winner).
    case button
    /// "I wore this" under the daily outfit.
    case daily
    /// `/wore N [date]`.
    case command
    /// A piece's last wear known before the log existed (migration 8).
    case earlier
}

/// One logged wear: a piece on a local day.
public struct WearRecord: Sendable, Hashable {
    /// The piece's row id.
    public let itemID: Int64
    /// The number the owner sees.
    public let itemNumber: Int
    /// The local day it was worn (the chat's time zone when it was recorded).
    public let date: LocalDate
    /// Where it was recorded from.
    public let source: WearSource
    /// When it was recorded.
    public let recordedAt: Date

    /// A wear with every field given.
    public init(itemID: Int64, itemNumber: Int, date: LocalDate, source: WearSource, recordedAt: Date) {
        self.itemID = itemID
        self.itemNumber = itemNumber
        self.date = date
        self.source = source
        self.recordedAt = recordedAt
    }
}

/// What `recordWears` did with each piece.
public struct WearOutcome: Sendable, Hashable {
    /// Pieces whose wear on that day is new.
    public var recorded: [Int64] = []
    /// Pieces already logged for that day (nothing changed).
    public var alreadyLogged: [Int64] = []
    /// Ids that are not this user's pieces (removed since, or never theirs).
    public var unknown: [Int64] = []

    /// An outcome with nothing in it yet.
    public init() {}
}

extension Store {
    /// Logs that the pieces were worn on `date`, at most once per piece and day; a new wear also raises the
    /// piece's `wear_count` and moves `last_worn_at` forward to `instant`. One transaction.
    public func recordWears(
        userID: Int64, itemIDs: [Int64], on date: LocalDate, at instant: Date, source: WearSource, now: Date
    ) async throws -> WearOutcome {
        var seen: Set<Int64> = []
        let ids = itemIDs.filter { seen.insert($0).inserted }
        return try await database.write { db in
            var outcome = WearOutcome()
            for id in ids {
                guard try db.first("SELECT 1 AS found FROM items WHERE id = ? AND user_id = ?", [id, userID]) != nil else {
                    outcome.unknown.append(id)
                    continue
                }
                try db.query(
                    "INSERT INTO wears (user_id, item_id, worn_on, source, recorded_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    [userID, id, date.description, source.rawValue, Store.timestamp(now)])
                guard db.changes == 1 else {
                    outcome.alreadyLogged.append(id)
                    continue
                }
                try db.query(
                    """
                    UPDATE items SET wear_count = wear_count + 1, last_worn_at = max(coalesce(last_worn_at, ?), ?)
                    WHERE id = ? AND user_id = ?
                    """, [Store.timestamp(instant), Store.timestamp(instant), id, userID])
                outcome.recorded.append(id)
            }
            return outcome
        }
    }

    /// Every logged wear of a user, oldest first (by day, then item number); `since` keeps only days from then on.
    public func wears(userID: Int64, since: LocalDate?) async throws -> [WearRecord] {
        try await database.run { db in
            try db.query(
                """
                SELECT wears.item_id, items.number, wears.worn_on, wears.source, wears.recorded_at
                FROM wears JOIN items ON items.id = wears.item_id
                WHERE wears.user_id = ? AND wears.worn_on >= ? ORDER BY wears.worn_on, items.number
                """, [userID, since?.description ?? ""]
            ).map(Store.wear(from:))
        }
    }

    /// One piece's logged wears, oldest first.
    public func wears(userID: Int64, itemID: Int64) async throws -> [WearRecord] {
        try await database.run { db in
            try db.query(
                """
                SELECT wears.item_id, items.number, wears.worn_on, wears.source, wears.recorded_at
                FROM wears JOIN items ON items.id = wears.item_id
                WHERE wears.user_id = ? AND wears.item_id = ? ORDER BY wears.worn_on
                """, [userID, itemID]
            ).map(Store.wear(from:))
        }
    }

    /// The latest logged day per piece of a user (pieces never logged are absent).
    public func lastWearDates(userID: Int64) async throws -> [Int64: LocalDate] {
        try await database.run { db in
            var dates: [Int64: LocalDate] = [:]
            for row in try db.query("SELECT item_id, max(worn_on) AS last FROM wears WHERE user_id = ? GROUP BY item_id", [userID]) {
                if let id = row.int("item_id"), let date = row.string("last").flatMap(LocalDate.init(text:)) { dates[id] = date }
            }
            return dates
        }
    }

    /// A wear from a row of `item_id, number, worn_on, source, recorded_at`; a row that can't be read is an error.
    static func wear(from row: Row) throws -> WearRecord {
        guard let id = row.int("item_id"), let number = row.int("number"),
              let date = row.string("worn_on").flatMap(LocalDate.init(text:)),
              let source = row.string("source").flatMap(WearSource.init(rawValue:)) else {
            throw StorageError.corrupt("wears: \(row.string("worn_on") ?? "?") for item \(row.int("item_id") ?? 0)")
        }
        return WearRecord(
            itemID: id, itemNumber: Int(number), date: date, source: source,
            recordedAt: Date(timeIntervalSince1970: row.double("recorded_at") ?? 0))
    }
}
