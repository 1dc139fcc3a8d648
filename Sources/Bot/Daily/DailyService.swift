import Chat
import Foundation
import Localization
import Schedule
import Storage
import Support
import Synchronization
import TryOn

/// Sends the daily outfits: a thin loop around `DailyPlanner` that sleeps on the injected clock
/// until the next fire (or a `wake()` after `/daily` or `/timezone`), sends what is due paced by
/// `SendPacer`, and pauses subscriptions whose chat is gone.
///
/// Each send is claimed first (`Store.claimDailySend` records the local date and the pieces in
/// one transaction), so a restart or a second instance never sends a day twice. The price is
/// at most once: a send that fails after its claim is not retried that day.
public final class DailyService: Service {
    public let name = "daily"
    let outbound: OutboundMessenger
    let composer: any DailyMessageComposer
    let settings: DailySettings
    let logger: Logger
    private let planner: DailyPlanner
    private let pacer: SendPacer
    private let signal = WakeUpSignal()
    private let stopped = Mutex(false)

    public init(
        outbound: OutboundMessenger, composer: any DailyMessageComposer, settings: DailySettings, logger: Logger, catalogs: Catalogs = .builtIn
    ) {
        self.catalogs = catalogs
        self.outbound = outbound
        self.composer = composer
        self.settings = settings
        self.logger = logger
        planner = DailyPlanner(catchUp: settings.catchUp)
        pacer = SendPacer(perSecond: settings.perSecond)
    }

    var store: any WardrobeStore { get throws(StorageError) { try outbound.data } }
    var clock: any WallClock { outbound.clock }

    /// Re-reads the subscriptions now (after one was added or changed).
    public func wake() { signal.fire() }

    public func run() async throws {
        while !Task.isCancelled, !isStopped {
            var next = await sendDue()
            if isStopped { break }
            if let interval = settings.rereadInterval {
                let reread = clock.now().addingTimeInterval(max(1, interval))
                next = min(next ?? reread, reread)
            }
            await signal.wait(until: next, clock: clock)
        }
    }

    public func shutdown() async {
        stopped.withLock { $0 = true }
        signal.fire()
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// One due send: the subscription and the local date it is for.
    struct Due {
        let schedule: ScheduleRecord
        let date: LocalDate
        let zone: TimeZone
    }

    /// Sends everything due (re-planning after each paced burst, since time passes while
    /// sending); returns when the next message fires.
    func sendDue() async -> Date? {
        // Sends that failed before their claim stay due; try them again at the next wake, not in a hot loop.
        var attempted: Set<String> = []
        while !Task.isCancelled, !isStopped {
            let now = clock.now()
            let schedules: [ScheduleRecord]
            do { schedules = try await store.activeSchedules() } catch {
                logger.error("cannot read daily subscriptions", ["error": "\(error)"])
                return now.addingTimeInterval(60)
            }
            var due: [Due] = []
            var next: Date?
            for schedule in schedules {
                guard let rule = rule(for: schedule) else { continue }
                switch planner.decision(for: rule, lastSent: schedule.lastSentDate.flatMap(LocalDate.init(text:)), now: now) {
                case .send(let date):
                    if attempted.insert("\(schedule.id):\(date)").inserted {
                        due.append(Due(schedule: schedule, date: date, zone: rule.zone))
                    } else {
                        next = min(next ?? now.addingTimeInterval(300), now.addingTimeInterval(300))
                    }
                case .wait(let until): if let until { next = min(next ?? until, until) }
                }
            }
            if due.isEmpty { return next }
            logger.info("sending daily outfits", ["count": due.count])
            let start = clock.now()
            for (index, item) in due.enumerated() {
                let slot = pacer.slot(index, start: start)
                if slot > clock.now() {
                    do { try await clock.sleep(until: slot) } catch { return nil }
                }
                if isStopped { return nil }
                await send(item)
            }
        }
        return nil
    }

    /// The rule of a subscription in its chat's zone (the default zone when unset or unknown).
    func rule(for schedule: ScheduleRecord) -> DailyRule? {
        guard let time = LocalTime(text: schedule.localTime) else {
            logger.warning("daily subscription has a bad time", ["schedule": schedule.id, "time": schedule.localTime])
            return nil
        }
        let zone = schedule.chatTimeZone.flatMap(TimeZone.init(identifier:)) ?? settings.defaultTimeZone
        return DailyRule(time: time, zone: zone, days: schedule.days)
    }

    /// The kind of attempt records of daily sends (poison-message protection).
    static let attemptKind = "daily.send"
    /// The catalogs the set-aside notice is written from (the composer writes the outfit itself).
    let catalogs: Catalogs

    /// Composes, claims and sends one message; a gone recipient pauses the subscription.
    func send(_ due: Due) async {
        let log = logger.with("chat", due.schedule.chatID).with("schedule", due.schedule.id)
        do {
            guard let chat = try await store.chat(id: due.schedule.chatID), let user = try await store.user(id: due.schedule.userID) else { return }
            // Composing runs before the send is claimed: a crash there would repeat at every restart.
            let attempt = "\(due.schedule.id):\(due.date.description)"
            let decision = try await store.beginAttempt(
                kind: Self.attemptKind, itemID: attempt, chatKey: "\(chat.transport):\(chat.externalID)", maxAttempts: settings.maxAttempts, now: clock.now())
            if case .setAside(let attempts) = decision {
                log.error("daily outfit set aside: composing it crashed the worker", ["date": due.date.description, "attempts": attempts])
                if try await store.claimDailySend(scheduleID: due.schedule.id, localDate: due.date.description, items: []) {
                    let text = catalogs.text("daily.set_aside", in: ChatContext.language(of: user))
                    _ = try? await outbound.send(.text(RichText(text)), to: chat, userID: nil)
                }
                return
            }
            let message = try await composer.compose(DailyRequest(schedule: due.schedule, chat: chat, user: user, date: due.date, zone: due.zone))
            let claimed = try await store.claimDailySend(scheduleID: due.schedule.id, localDate: due.date.description, items: message.itemIDs)
            try await store.finishAttempts(kind: Self.attemptKind, itemIDs: [attempt])
            guard claimed else { return }
            do {
                for part in message.parts { try await outbound.send(part, to: chat, userID: user.id) }
                log.debug("daily outfit sent", ["date": due.date.description])
            } catch let error as any RecipientGone where error.isRecipientGone {
                if try await store.pauseSchedule(id: due.schedule.id) {
                    log.notice("daily outfit paused: the chat blocked the bot or the bot left", ["error": "\(error)"])
                }
            }
        } catch {
            log.warning("cannot send the daily outfit", ["date": due.date.description, "error": "\(error)"])
        }
    }
}
