@testable import Bot
import Chat
import Closet
import Foundation
import Schedule
import SQLite
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

/// A send error saying the chat blocked the bot, as Telegram's 403 will.
struct BlockedByUser: RecipientGone {
    var isRecipientGone: Bool { true }
}

/// A composer that only notes when it ran (on the manual clock), for load tests.
final class TimingComposer: DailyMessageComposer {
    let clock: ManualClock
    private let times = Mutex<[Date]>([])
    init(clock: ManualClock) { self.clock = clock }
    func compose(_ request: DailyRequest) async throws -> DailyMessage {
        let now = clock.now()
        times.withLock { $0.append(now) }
        return DailyMessage(parts: [.text("Good morning")], itemIDs: [])
    }
    var composed: [Date] { times.withLock { $0 } }
}

/// 2026-06-15 (a Monday) at `time` in Berlin.
func berlinMonday(_ time: String) -> Date {
    ZonedTime.instant(of: LocalTime(text: time)!, on: LocalDate(text: "2026-06-15")!, in: TimeZone(identifier: "Europe/Berlin")!)
}

@Suite(.serialized) struct DailyTests {
    /// Runs `service` in the background until `body` is done.
    func running(_ service: DailyService, _ body: () async throws -> Void) async rethrows {
        let task = Task { try await service.run() }
        try await body()
        await service.shutdown()
        _ = await task.result
    }

    /// Waits until the service sleeps until `deadline`.
    func waitForSleep(_ harness: VotingHarness, until deadline: Date) async -> Bool {
        await harness.eventually { harness.clock.sleeperDeadlines.contains(deadline) }
    }

    func dailyTexts(_ harness: VotingHarness) -> [String] { harness.transport.readable.filter { $0.contains("daily") } }

    @Test func dailyAndTimezoneCommandsSubscribeShowAndUnsubscribe() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        await harness.say("/timezone Mars/Olympus_Mons", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.contains("Send a city or Area/City, e.g. /timezone Berlin") == true)
        await harness.say("/timezone", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.hasPrefix("This chat's time zone is UTC") == true)
        await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "This chat's time zone is now Europe/Berlin.")
        await harness.say("/daily 7:30 weekdays business", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last
            == "Daily outfit at 07:30 (Europe/Berlin), Monday to Friday, for business casual. /daily off stops it.")
        await harness.say("/daily 07:30 party", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.hasPrefix("I don't know the occasion \"party\". Try one of: casual") == true)
        await harness.say("/daily 07:30 buisness", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last
            == "No occasion \"buisness\" — showing business casual.\nDaily outfit at 07:30 (Europe/Berlin), every day, for business casual. /daily off stops it.")
        await harness.say("/daily 25:00", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.hasPrefix("25:00 is no time of day") == true)
        // Day names: ranges, lists and day words in five languages choose the days; the rest is the occasion.
        await harness.say("/daily 07:15 mon-fri business", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 07:15 (Europe/Berlin), Monday to Friday, for business casual. /daily off stops it.")
        await harness.say("/daily 07:30 sat,sun casual", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 07:30 (Europe/Berlin), on weekends, for casual. /daily off stops it.")
        await harness.say("/daily 07:30 monday, wednesday and friday business", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last
            == "Daily outfit at 07:30 (Europe/Berlin), on Mondays, Wednesdays and Fridays, for business casual. /daily off stops it.")
        await harness.say("/daily 08:00 Di-Do", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 08:00 (Europe/Berlin), on Tuesdays, Wednesdays and Thursdays, for smart casual. /daily off stops it.")
        // "weekend" alone is the days and, with no occasion named, the weekend outfit.
        await harness.say("/daily 09:00 weekend", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 09:00 (Europe/Berlin), on weekends, for weekend. /daily off stops it.")
        let ana = try await harness.store.user(transport: "telegram", externalID: "ana")
        let chat = try await harness.store.chat(transport: "telegram", externalID: "ana", kind: .privateChat)
        #expect(try await harness.store.schedule(chatID: chat.id, userID: ana.id)?.days == .weekend)
        await harness.say("/daily 08:00", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 08:00 (Europe/Berlin), every day, for smart casual. /daily off stops it.")
        await harness.say("/daily off", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit stopped.")
        await harness.say("/daily", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.hasPrefix("No daily outfit here yet") == true)
        // Moving the chat's zone keeps the daily outfit's clock time, and the reply says so.
        await harness.say("/daily 07:45", user: "ana", chat: "ana", kind: .privateChat)
        await harness.say("/timezone America/New_York", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last
            == "This chat's time zone is now America/New_York. Your daily outfit still comes at 07:45, now America/New_York time.")
    }

    @Test func theDailyOutfitArrivesAtTheLocalTimeWithTheOutfitButtonsAndAvoidsYesterdaysPieces() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        try await harness.addCloset(for: "ana")
        let ana = try await harness.store.user(transport: "telegram", externalID: "ana")
        _ = try await harness.store.addItem(
            ClosetItem(name: "Black boots", category: .shoes, formality: 3, color: ItemColor(name: "black", family: .black)), userID: ana.id)
        await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        await harness.say("/daily 08:00", user: "ana", chat: "ana", kind: .privateChat)
        try await running(harness.daily.service) {
            #expect(await waitForSleep(harness, until: berlinMonday("08:00")))
            harness.clock.set(berlinMonday("08:00"))
            #expect(await harness.eventually { harness.transport.readable.contains { $0.hasPrefix("Your daily outfit") } })
        }
        #expect(harness.transport.readable.last?.hasPrefix("Your daily outfit — smart casual") == true)
        #expect(harness.transport.lastButtons.map(\.title) == ["Show another", "Why?", "I wore this"])
        let first = try #require(try await harness.store.activeSchedules().first)
        #expect(first.lastSentDate == "2026-06-15")
        #expect(first.lastSentItems.count == 3)

        // The next morning shows none of yesterday's pieces.
        harness.transport.reset()
        try await running(harness.restartedDailyService()) {
            let tomorrow = berlinMonday("08:00").addingTimeInterval(86_400)
            #expect(await waitForSleep(harness, until: tomorrow))
            harness.clock.set(tomorrow)
            #expect(await harness.eventually { harness.transport.readable.contains { $0.hasPrefix("Your daily outfit") } })
        }
        let second = try #require(try await harness.store.activeSchedules().first)
        #expect(second.lastSentDate == "2026-06-16")
        #expect(Set(second.lastSentItems).isDisjoint(with: first.lastSentItems))
    }

    @Test func aSubscriberWhoseAppIsGermanGetsTheDailyOutfitInGerman() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        try await harness.addCloset(for: "lena")
        // The app's language arrives with the command and is remembered for the morning message, sent without an event.
        await harness.say("/daily 08:00 werktags geschäftlich", user: "lena", chat: "lena", kind: .privateChat, language: .de)
        #expect(harness.transport.readable.last
            == "Tägliches Outfit um 08:00 (UTC), montags bis freitags, für geschäftlich. /daily off stoppt es.")
        let lena = try await harness.store.user(transport: "telegram", externalID: "lena")
        #expect(lena.settings[ChatContext.appLanguageSetting]?.string == "de")
        try await running(harness.daily.service) {
            let eight = ZonedTime.instant(of: LocalTime(text: "08:00")!, on: LocalDate(text: "2026-06-15")!, in: TimeZone(identifier: "UTC")!)
            #expect(await waitForSleep(harness, until: eight))
            harness.clock.set(eight)
            #expect(await harness.eventually { harness.transport.readable.contains { $0.hasPrefix("Dein Outfit des Tages") } })
        }
        #expect(harness.transport.readable.last?.hasPrefix("Dein Outfit des Tages — geschäftlich\n• #") == true, "\(harness.transport.readable)")
        #expect(harness.transport.lastButtons.map(\.title) == ["Noch eins", "Warum?", "Hab ich getragen"])
    }

    @Test func aRestartOnTheSameDayDoesNotSendAgain() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:59"))
        try await harness.addCloset(for: "ana")
        await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        await harness.say("/daily 08:00", user: "ana", chat: "ana", kind: .privateChat)
        try await running(harness.daily.service) {
            #expect(await waitForSleep(harness, until: berlinMonday("08:00")))
            harness.clock.set(berlinMonday("08:00"))
            #expect(await harness.eventually { harness.transport.readable.contains { $0.hasPrefix("Your daily outfit") } })
        }
        let folder = harness.folder
        harness.close()
        let restarted = try VotingHarness(folder: folder, now: berlinMonday("08:30"))
        defer { restarted.remove() }
        try await running(restarted.daily.service) {
            #expect(await waitForSleep(restarted, until: berlinMonday("08:00").addingTimeInterval(86_400)))
        }
        #expect(restarted.transport.messages.isEmpty)
    }

    @Test func downtimeWithinTheCatchUpWindowSendsAtStartUpAndBeyondItSkipsTheDay() async throws {
        for (startedAt, sends) in [("09:30", true), ("10:30", false)] {
            let harness = try VotingHarness(now: berlinMonday(startedAt))
            defer { harness.remove() }
            try await harness.addCloset(for: "ana")
            await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
            await harness.say("/daily 08:00", user: "ana", chat: "ana", kind: .privateChat)
            harness.transport.reset()
            try await running(harness.daily.service) {
                #expect(await waitForSleep(harness, until: berlinMonday("08:00").addingTimeInterval(86_400)))
            }
            #expect(harness.transport.readable.contains { $0.hasPrefix("Your daily outfit") } == sends, "started \(startedAt)")
        }
    }

    @Test func aGroupSubscriptionNamesTheSubscriberAndAnEmptyClosetGetsOneFriendlyLine() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        await harness.say("/daily 07:00", user: "bob")
        #expect(harness.transport.readable.last?.hasPrefix("Daily outfit for Bob at 07:00 (UTC)") == true)
        harness.transport.reset()
        try await running(harness.daily.service) {
            let seven = ZonedTime.instant(of: LocalTime(text: "07:00")!, on: LocalDate(text: "2026-06-15")!, in: TimeZone(identifier: "UTC")!)
            #expect(await waitForSleep(harness, until: seven))
            harness.clock.set(seven)
            #expect(await harness.eventually { !harness.transport.readable.isEmpty })
        }
        #expect(harness.transport.readable == [
            "Bob, your daily smart casual outfit needs more pieces. Your closet is empty: paste a product link, or send /add navy wool blazer, to add your first piece."
        ])
        #expect(harness.transport.photos.isEmpty)
    }

    @Test func aChatThatBlockedTheBotIsPausedAndLoggedOnce() async throws {
        let harness = try VotingHarness(now: berlinMonday("05:59"))
        defer { harness.remove() }
        await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        await harness.say("/daily 06:00", user: "ana", chat: "ana", kind: .privateChat)
        harness.transport.fail(with: BlockedByUser(), chatID: "ana")
        let six = berlinMonday("06:00")
        try await running(harness.daily.service) {
            #expect(await waitForSleep(harness, until: six))
            for day in 0..<3 {
                harness.clock.set(six.addingTimeInterval(Double(day) * 86_400))
                _ = try await harness.eventually { try await harness.store.activeSchedules().isEmpty }
            }
        }
        let ana = try await harness.store.user(transport: "telegram", externalID: "ana")
        let chat = try await harness.store.chat(transport: "telegram", externalID: "ana", kind: .privateChat)
        #expect(try await harness.store.schedule(chatID: chat.id, userID: ana.id)?.paused == true)
        #expect(harness.logs.lines.filter { $0.contains("daily outfit paused") }.count == 1)
        // Subscribing again resumes it.
        harness.transport.succeed()
        await harness.say("/daily 06:00", user: "ana", chat: "ana", kind: .privateChat)
        #expect(try await harness.store.schedule(chatID: chat.id, userID: ana.id)?.paused == false)
    }

    @Test func fiveThousandSubscribersAtEightAreEachSentOnceWithinTheRateLimit() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:59"))
        defer { harness.remove() }
        let ana = try await harness.store.user(transport: "telegram", externalID: "ana")
        let count = 5_000
        try await harness.store.database.write { db in
            try db.transaction { db in
                for index in 0..<count {
                    try db.query(
                        "INSERT INTO chats (transport, external_id, kind, settings, created_at) VALUES ('telegram', ?, 'group', ?, 0)",
                        ["chat-\(index)", #"{"timezone":"Europe/Berlin"}"#])
                    try db.query(
                        "INSERT INTO schedules (chat_id, user_id, local_time, occasion, created_at) VALUES (?, ?, '08:00', 'smart casual', 0)",
                        [db.lastInsertRowID, ana.id])
                }
            }
        }
        let composer = TimingComposer(clock: harness.clock)
        let settings = DailySettings(defaultTimeZone: TimeZone(identifier: "UTC")!, perSecond: DailySettings.rate(belowGlobalLimit: 30))
        #expect(settings.perSecond == 25)
        let service = DailyService(
            outbound: OutboundMessenger(transports: harness.transports, store: harness.store, clock: harness.clock), composer: composer,
            settings: settings, logger: Logger(label: "test", sink: harness.logs))
        let eight = berlinMonday("08:00")
        try await running(service) {
            #expect(await waitForSleep(harness, until: eight))
            harness.clock.set(eight)
            // Step the clock to each pacing deadline the service sleeps until, never past it.
            while harness.transport.messages.count < count {
                let asleep = await harness.eventually {
                    harness.transport.messages.count >= count || (harness.clock.sleeperDeadlines.first.map { $0 > harness.clock.now() } ?? false)
                }
                #expect(asleep)
                guard asleep, harness.transport.messages.count < count, let next = harness.clock.sleeperDeadlines.first else { break }
                harness.clock.set(next)
            }
            #expect(await waitForSleep(harness, until: eight.addingTimeInterval(86_400)))
        }
        let chats = harness.transport.deliveries.map(\.chat.id)
        #expect(chats.count == count)
        #expect(Set(chats).count == count, "every chat exactly once")
        let times = composer.composed
        #expect(times.max()! <= eight.addingTimeInterval(300))
        let perSecond = Dictionary(grouping: times) { Int($0.timeIntervalSince(eight)) }.mapValues(\.count)
        #expect(perSecond.values.max()! <= 25)
        #expect(try await harness.store.activeSchedules().allSatisfy { $0.lastSentDate == "2026-06-15" })
    }
}
