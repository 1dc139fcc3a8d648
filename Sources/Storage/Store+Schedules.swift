import Foundation
import JSON
import SQLite
import Schedule

extension Store {
    /// Subscribes (or re-subscribes) a user in a chat; un-pauses it and keeps the last sent date,
    /// so moving today's time later does not send twice today.
    @discardableResult
    public func saveSchedule(
        chatID: Int64, userID: Int64, localTime: String, occasion: String, days: Weekdays, now: Date
    ) async throws -> ScheduleRecord {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO schedules (chat_id, user_id, local_time, occasion, weekdays_only, days, paused, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)
                ON CONFLICT (chat_id, user_id) DO UPDATE SET local_time = excluded.local_time, occasion = excluded.occasion,
                  weekdays_only = excluded.weekdays_only, days = excluded.days, paused = 0
                """, [chatID, userID, localTime, occasion, days == .mondayToFriday, Int64(days.mask), Store.timestamp(now)])
            return try db.first(Store.scheduleSelect + " WHERE schedules.chat_id = ? AND schedules.user_id = ?", [chatID, userID])
                .map(Store.schedule(from:))!
        }
    }

    /// A user's subscription in a chat, if any.
    public func schedule(chatID: Int64, userID: Int64) async throws -> ScheduleRecord? {
        try await database.run { db in
            try db.first(Store.scheduleSelect + " WHERE schedules.chat_id = ? AND schedules.user_id = ?", [chatID, userID])
                .map(Store.schedule(from:))
        }
    }

    /// Unsubscribes; false when there was nothing to remove.
    @discardableResult
    public func deleteSchedule(chatID: Int64, userID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.query("DELETE FROM schedules WHERE chat_id = ? AND user_id = ?", [chatID, userID])
            return db.changes == 1
        }
    }

    /// Every subscription that is not paused, with its chat's time zone.
    public func activeSchedules() async throws -> [ScheduleRecord] {
        try await database.run { db in
            try db.query(Store.scheduleSelect + " WHERE schedules.paused = 0 ORDER BY schedules.id").map(Store.schedule(from:))
        }
    }

    /// Claims the send for `localDate`: records the date and the items shown in one transaction,
    /// only if nothing was sent for that date (or later) yet. False means someone already sent it.
    public func claimDailySend(scheduleID: Int64, localDate: String, items: [Int64]) async throws -> Bool {
        let shown = JSON.array(items.map { .int($0) }).serialized()
        return try await database.write { db in
            try db.query(
                """
                UPDATE schedules SET last_sent_date = ?, last_sent_items = ?
                WHERE id = ? AND paused = 0 AND (last_sent_date IS NULL OR last_sent_date < ?)
                """, [localDate, shown, scheduleID, localDate])
            return db.changes == 1
        }
    }

    /// `ScheduleStore.pruneDailySends`: none to delete. SQLite keeps the day sent on the schedule row itself
    /// (`last_sent_date`), one value per schedule, which never grows.
    public func pruneDailySends(before cutoff: Date) async throws -> Int { 0 }

    /// Pauses a subscription; true when this call paused it (so the caller logs it once).
    public func pauseSchedule(id: Int64) async throws -> Bool {
        try await database.write { db in
            try db.query("UPDATE schedules SET paused = 1 WHERE id = ? AND paused = 0", [id])
            return db.changes == 1
        }
    }

    /// Pauses every subscription of a chat that is gone (blocked the bot, or the bot was removed);
    /// returns how many were paused by this call.
    @discardableResult
    public func pauseSchedules(transport: String, chatExternalID: String) async throws -> Int {
        try await database.write { db in
            try db.query(
                """
                UPDATE schedules SET paused = 1 WHERE paused = 0
                AND chat_id IN (SELECT id FROM chats WHERE transport = ? AND external_id = ?)
                """, [transport, chatExternalID])
            return db.changes
        }
    }

    static let scheduleSelect = """
        SELECT schedules.*, json_extract(chats.settings, '$.timezone') AS chat_time_zone FROM schedules
        JOIN chats ON chats.id = schedules.chat_id
        """

    static func schedule(from row: Row) -> ScheduleRecord {
        let items = (try? JSON.parse(row.string("last_sent_items") ?? "[]"))?.array?.compactMap(\.int) ?? []
        return ScheduleRecord(
            id: row.int("id") ?? 0, chatID: row.int("chat_id") ?? 0, userID: row.int("user_id") ?? 0,
            localTime: row.string("local_time") ?? "08:00", occasion: row.string("occasion") ?? "", days: Weekdays(mask: Int(row.int("days") ?? 127)),
            lastSentDate: row.string("last_sent_date"), lastSentItems: items, paused: row.bool("paused"),
            chatTimeZone: row.string("chat_time_zone"))
    }
}
