import Foundation
import JSON
import Storage
import Schedule
import Testing

@Suite struct ScheduleContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func aSubscriptionIsSavedOncePerUserAndChatWithTheChatsTimeZone(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            try await store.setChatSettings(["timezone": "Europe/Berlin", "language": "de"], chatID: people.chat.id)
            let saved = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "07:30", occasion: "work", days: .mondayToFriday, now: contractEpoch)
            #expect(saved.chatID == people.chat.id && saved.userID == people.ana.id && saved.localTime == "07:30" && saved.occasion == "work")
            #expect(saved.days == .mondayToFriday && !saved.paused && saved.lastSentDate == nil && saved.lastSentItems == [])
            #expect(saved.chatTimeZone == "Europe/Berlin")
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.ana.id) == saved)
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.bo.id) == nil)
            // Saving again changes the same row and un-pauses it, keeping the last sent date.
            #expect(try await store.claimDailySend(scheduleID: saved.id, localDate: "2026-12-01", items: [4, 5]))
            #expect(try await store.pauseSchedule(id: saved.id))
            let again = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "08:00", occasion: "casual", days: .everyDay, now: contractEpoch + 1)
            #expect(again.id == saved.id && again.localTime == "08:00" && again.occasion == "casual" && again.days == .everyDay && !again.paused)
            #expect(again.lastSentDate == "2026-12-01" && again.lastSentItems == [4, 5])
            // Any set of days is kept as it was chosen: Monday, Wednesday and Sunday.
            let chosen = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "08:00", occasion: "casual", days: Weekdays(days: [1, 3, 7]),
                now: contractEpoch + 2)
            #expect(chosen.days.days == [1, 3, 7])
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.ana.id)?.days == Weekdays(days: [1, 3, 7]))
            #expect(try await store.deleteSchedule(chatID: people.chat.id, userID: people.ana.id))
            #expect(try await !store.deleteSchedule(chatID: people.chat.id, userID: people.ana.id))
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.ana.id) == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aDaysSendIsClaimedOnceAndNeverForAnEarlierDayOrWhilePaused(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let schedule = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "07:30", occasion: "work", days: .everyDay, now: contractEpoch)
            #expect(try await store.claimDailySend(scheduleID: schedule.id, localDate: "2026-12-01", items: [1, 2]))
            #expect(try await !store.claimDailySend(scheduleID: schedule.id, localDate: "2026-12-01", items: [3]))
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.ana.id)?.lastSentItems == [1, 2])
            #expect(try await !store.claimDailySend(scheduleID: schedule.id, localDate: "2026-11-30", items: [3]))
            #expect(try await store.claimDailySend(scheduleID: schedule.id, localDate: "2026-12-02", items: []))
            let sent = try await store.schedule(chatID: people.chat.id, userID: people.ana.id)
            #expect(sent?.lastSentDate == "2026-12-02" && sent?.lastSentItems == [])
            #expect(try await store.pauseSchedule(id: schedule.id))
            #expect(try await !store.pauseSchedule(id: schedule.id))
            #expect(try await !store.claimDailySend(scheduleID: schedule.id, localDate: "2026-12-03", items: [1]))
            #expect(try await !store.claimDailySend(scheduleID: schedule.id + 1000, localDate: "2026-12-03", items: [1]))
            // Un-paused by saving again, the day that was refused while paused can be claimed.
            _ = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "07:30", occasion: "work", days: .everyDay, now: contractEpoch)
            #expect(try await store.claimDailySend(scheduleID: schedule.id, localDate: "2026-12-03", items: [1]))
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func activeSchedulesLeaveOutPausedOnesAndAGoneChatPausesAllOfItsOwn(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let (_, other) = try await store.participants(
                transport: "matrix", userID: "@ana:x", displayName: nil, chatID: "!room:x", kind: .group, title: nil, recordActivity: false,
                now: contractEpoch)
            let ana = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "07:00", occasion: "work", days: .everyDay, now: contractEpoch)
            let bo = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.bo.id, localTime: "09:00", occasion: "casual", days: .everyDay, now: contractEpoch)
            let elsewhere = try await store.saveSchedule(
                chatID: other.id, userID: people.ana.id, localTime: "10:00", occasion: "casual", days: .everyDay, now: contractEpoch)
            #expect(try await store.activeSchedules().map(\.id) == [ana.id, bo.id, elsewhere.id])
            #expect(try await store.activeSchedules().map(\.chatTimeZone) == [nil, nil, nil])
            #expect(try await store.pauseSchedule(id: bo.id))
            #expect(try await store.activeSchedules().map(\.id) == [ana.id, elsewhere.id])
            // The bot was removed from the Telegram group: both of its subscriptions pause, one of them by this call.
            #expect(try await store.pauseSchedules(transport: "telegram", chatExternalID: "-100") == 1)
            #expect(try await store.pauseSchedules(transport: "telegram", chatExternalID: "-100") == 0)
            #expect(try await store.pauseSchedules(transport: "telegram", chatExternalID: "unknown") == 0)
            #expect(try await store.activeSchedules().map(\.id) == [elsewhere.id])
            #expect(try await store.schedule(chatID: people.chat.id, userID: people.ana.id)?.paused == true)
        }
    }
}
