import Foundation
import Postgres
import Schedule
import Storage

// The wear log on PostgreSQL (Scale migration 5), as `Storage.Store` keeps it on SQLite: one row per piece and
// local day, the day as "YYYY-MM-DD" text compared bytewise (`COLLATE "C"`), as SQLite compares it.
extension PostgresStore: WearStore {
    /// `WearStore.recordWears`: see there. One transaction; a new wear raises the piece's count and moves its
    /// last wear forward, a repeat on the same day changes nothing.
    public func recordWears(
        userID: Int64, itemIDs: [Int64], on date: LocalDate, at instant: Date, source: WearSource, now: Date
    ) async throws -> WearOutcome {
        var seen: Set<Int64> = []
        let ids = itemIDs.filter { seen.insert($0).inserted }
        return try await session.transaction { connection in
            var outcome = WearOutcome()
            for id in ids {
                // Locked so a removal racing this wear either comes first (unknown) or waits for it.
                guard try !connection.query(
                    "SELECT 1 AS found FROM closet_item WHERE id = $1 AND user_id = $2 FOR UPDATE", [.int(id), .int(userID)]
                ).isEmpty else {
                    outcome.unknown.append(id)
                    continue
                }
                let inserted = try connection.execute("""
                    INSERT INTO wear (user_id, item_id, worn_on, source, recorded_at) VALUES ($1, $2, $3, $4, to_timestamp($5::float8))
                    ON CONFLICT DO NOTHING
                    """, [.int(userID), .int(id), .text(date.description), .text(source.rawValue), Timestamp.parameter(now)])
                guard inserted == 1 else {
                    outcome.alreadyLogged.append(id)
                    continue
                }
                try connection.execute("""
                    UPDATE closet_item SET wear_count = wear_count + 1,
                      last_worn_at = greatest(coalesce(last_worn_at, to_timestamp($1::float8)), to_timestamp($1::float8))
                    WHERE id = $2 AND user_id = $3
                    """, [Timestamp.parameter(instant), .int(id), .int(userID)])
                outcome.recorded.append(id)
            }
            return outcome
        }
    }

    /// `WearStore.wears(userID:since:)`: see there.
    public func wears(userID: Int64, since: LocalDate?) async throws -> [WearRecord] {
        try await session.run { try Self.wears($0, userID: userID, since: since) }
    }

    /// `WearStore.wears(userID:itemID:)`: see there.
    public func wears(userID: Int64, itemID: Int64) async throws -> [WearRecord] {
        try await session.query("""
            SELECT wear.item_id, closet_item.number, wear.worn_on, wear.source, extract(epoch FROM wear.recorded_at)::float8 AS recorded_at
            FROM wear JOIN closet_item ON closet_item.id = wear.item_id
            WHERE wear.user_id = $1 AND wear.item_id = $2 ORDER BY wear.worn_on
            """, [.int(userID), .int(itemID)]
        ).map(Self.wear(from:))
    }

    /// `WearStore.lastWearDates`: see there.
    public func lastWearDates(userID: Int64) async throws -> [Int64: LocalDate] {
        let rows = try await session.query(
            "SELECT item_id, max(worn_on) AS last FROM wear WHERE user_id = $1 GROUP BY item_id", [.int(userID)])
        var dates: [Int64: LocalDate] = [:]
        for row in rows {
            let text = try row.string("last")
            guard let date = LocalDate(text: text) else { throw StorageError.corrupt("wear: \(text) for item \(try row.int("item_id"))") }
            dates[try row.int("item_id")] = date
        }
        return dates
    }
}

extension PostgresStore {
    /// Every logged wear of a user from `since` on (all when nil), by day then item number, on `connection`.
    static func wears(_ connection: PostgresConnection, userID: Int64, since: LocalDate?) throws -> [WearRecord] {
        try connection.query("""
            SELECT wear.item_id, closet_item.number, wear.worn_on, wear.source, extract(epoch FROM wear.recorded_at)::float8 AS recorded_at
            FROM wear JOIN closet_item ON closet_item.id = wear.item_id
            WHERE wear.user_id = $1 AND wear.worn_on >= $2 ORDER BY wear.worn_on, closet_item.number
            """, [.int(userID), .text(since?.description ?? "")]
        ).map(wear(from:))
    }

    /// A wear from a row of `item_id, number, worn_on, source, recorded_at`; a row that can't be read is an error.
    static func wear(from row: PostgresRow) throws -> WearRecord {
        let id = try row.int("item_id")
        let day = try row.string("worn_on")
        let sourceText = try row.string("source")
        guard let date = LocalDate(text: day), let source = WearSource(rawValue: sourceText) else {
            throw StorageError.corrupt("wear: \(day) (\(sourceText)) for item \(id)")
        }
        return WearRecord(
            itemID: id, itemNumber: Int(try row.int("number")), date: date, source: source, recordedAt: try Timestamp.date(row, "recorded_at"))
    }
}
