import Foundation
import JSON
import Postgres
import Schedule
import Storage

// Daily-outfit subscriptions on PostgreSQL, as `Storage.Store` keeps them on SQLite. A day's send is
// claimed by inserting (schedule, local date) into `schedule_send`, whose primary key lets exactly one
// of any number of racing workers through.
extension PostgresStore: ScheduleStore {
    /// `ScheduleStore.saveSchedule`: see there.
    @discardableResult
    public func saveSchedule(
        chatID: Int64, userID: Int64, localTime: String, occasion: String, days: Weekdays, now: Date
    ) async throws -> ScheduleRecord {
        try await session.transaction { connection in
            let saved = try connection.query("""
                INSERT INTO schedule (chat_id, user_id, local_time, occasion, weekdays_only, days, paused, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, false, to_timestamp($7::float8))
                ON CONFLICT (chat_id, user_id) DO UPDATE SET local_time = EXCLUDED.local_time, occasion = EXCLUDED.occasion,
                  weekdays_only = EXCLUDED.weekdays_only, days = EXCLUDED.days, paused = false
                RETURNING id
                """, [.int(chatID), .int(userID), .text(localTime), .text(occasion), .bool(days == .mondayToFriday), .int(Int64(days.mask)),
                      Timestamp.parameter(now)])
            guard let id = try saved.first?.int("id"),
                let row = try connection.query(Self.scheduleSelect + " WHERE schedule.id = $1", [.int(id)]).first
            else { throw StorageError.notFound("the saved schedule") }
            return try Self.schedule(from: row)
        }
    }

    /// `ScheduleStore.schedule`: see there.
    public func schedule(chatID: Int64, userID: Int64) async throws -> ScheduleRecord? {
        try await session.query(Self.scheduleSelect + " WHERE schedule.chat_id = $1 AND schedule.user_id = $2", [.int(chatID), .int(userID)])
            .first.map(Self.schedule(from:))
    }

    /// `ScheduleStore.deleteSchedule`: see there.
    @discardableResult
    public func deleteSchedule(chatID: Int64, userID: Int64) async throws -> Bool {
        try await session.execute("DELETE FROM schedule WHERE chat_id = $1 AND user_id = $2", [.int(chatID), .int(userID)]) == 1
    }

    /// `ScheduleStore.activeSchedules`: see there.
    public func activeSchedules() async throws -> [ScheduleRecord] {
        try await session.query(Self.scheduleSelect + " WHERE NOT schedule.paused ORDER BY schedule.id").map(Self.schedule(from:))
    }

    /// `ScheduleStore.claimDailySend`: see there. `localDate` is "YYYY-MM-DD"; another form is an error.
    ///
    /// The marker row is inserted first: of workers racing for the same schedule and day, one inserts
    /// and the others wait for its commit, then find the key taken. The winner then records the date
    /// and items on the schedule, only when it is not paused and nothing was sent for that day or a
    /// later one; when that finds nothing to change, the marker is removed again and the answer is false.
    public func claimDailySend(scheduleID: Int64, localDate: String, items: [Int64]) async throws -> Bool {
        let shown = JSON.array(items.map { .int($0) }).serialized()
        return try await session.transaction { connection in
            let marked = try connection.execute("""
                INSERT INTO schedule_send (schedule_id, local_date) SELECT id, $2::date FROM schedule WHERE id = $1
                ON CONFLICT (schedule_id, local_date) DO NOTHING
                """, [.int(scheduleID), .text(localDate)])
            guard marked == 1 else { return false }
            let recorded = try connection.execute("""
                UPDATE schedule SET last_sent_date = $2::date, last_sent_items = $3
                WHERE id = $1 AND NOT paused AND (last_sent_date IS NULL OR last_sent_date < $2::date)
                """, [.int(scheduleID), .text(localDate), .text(shown)])
            if recorded == 0 {
                try connection.execute(
                    "DELETE FROM schedule_send WHERE schedule_id = $1 AND local_date = $2::date", [.int(scheduleID), .text(localDate)])
            }
            return recorded == 1
        }
    }

    /// `ScheduleStore.pruneDailySends`: see there. A local day is at most 14 hours from the UTC day, so a
    /// marker of a day before the UTC day of `cutoff` (two days ago, from housekeeping) is never claimed
    /// again; the schedule's `last_sent_date` still refuses a second send for it.
    public func pruneDailySends(before cutoff: Date) async throws -> Int {
        try await session.execute(
            "DELETE FROM schedule_send WHERE local_date < (to_timestamp($1::float8) AT TIME ZONE 'UTC')::date", [Timestamp.parameter(cutoff)])
    }

    /// `ScheduleStore.pauseSchedule`: see there.
    public func pauseSchedule(id: Int64) async throws -> Bool {
        try await session.execute("UPDATE schedule SET paused = true WHERE id = $1 AND NOT paused", [.int(id)]) == 1
    }

    /// `ScheduleStore.pauseSchedules`: see there.
    @discardableResult
    public func pauseSchedules(transport: String, chatExternalID: String) async throws -> Int {
        try await session.execute("""
            UPDATE schedule SET paused = true WHERE NOT paused
              AND chat_id IN (SELECT id FROM chat WHERE transport = $1 AND external_id = $2)
            """, [.text(transport), .text(chatExternalID)])
    }

    static let scheduleSelect = """
        SELECT schedule.id, schedule.chat_id, schedule.user_id, schedule.local_time, schedule.occasion, schedule.days,
          to_char(schedule.last_sent_date, 'YYYY-MM-DD') AS last_sent_date, schedule.last_sent_items, schedule.paused,
          chat.settings AS chat_settings
        FROM schedule JOIN chat ON chat.id = schedule.chat_id
        """

    static func schedule(from row: PostgresRow) throws -> ScheduleRecord {
        guard let items = try JSON.parse(try row.string("last_sent_items")).array?.map({ item -> Int64 in
            guard let id = item.int else { throw StorageError.corrupt("a schedule's last_sent_items holds \(item.serialized())") }
            return id
        }) else { throw StorageError.corrupt("a schedule's last_sent_items is not an array") }
        let settings = try JSON.parse(try row.string("chat_settings"))
        return ScheduleRecord(
            id: try row.int("id"), chatID: try row.int("chat_id"), userID: try row.int("user_id"), localTime: try row.string("local_time"),
            occasion: try row.string("occasion"), days: Weekdays(mask: Int(try row.int("days"))),
            lastSentDate: try row.optionalString("last_sent_date"), lastSentItems: items, paused: try row.bool("paused"),
            chatTimeZone: settings["timezone"]?.string)
    }
}
