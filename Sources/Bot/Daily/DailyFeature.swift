import Chat
import Closet
import Foundation
import JSON
import Localization
import Schedule
import Storage
import Support

/// `/daily HH:MM [DAYS] [OCCASION]`, `/daily off`, `/daily`, and `/timezone [Area/City]`.
struct DailyFeature {
    let environment: BotEnvironment
    let daily: DailyEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("daily", usage: "HH:MM [DAYS] [OCCASION] | off", topic: .outfits) {
            context, arguments in
            try await command(context, arguments: arguments)
        })
        builder.add(Command("timezone", usage: "[Area/City]", topic: .outfits) { context, arguments in
            try await timeZone(context, arguments: arguments.trimmingCharacters(in: .whitespaces))
        })
        builder.onButton(.timeZoneSet) { context, record in
            // Only a name that still opens a zone is set: the payload is ours, but the zone list may change with tzdata.
            guard case .zone(let identifier) = ZoneNames.shared.lookup(try record.arguments.string("zone", maxLength: 64)) else {
                throw ButtonArguments.unreadable
            }
            try await setZone(identifier, context: context)
        }
    }

    /// The zone of a chat: its own setting, else the configured default.
    func zone(of chat: ChatRecord) -> TimeZone {
        WearCalendar(defaultZone: daily.settings.defaultTimeZone).zone(of: chat)
    }

    private func command(_ context: ChatContext, arguments: String) async throws {
        var words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else {
            try await context.reply(try await describe(context))
            return
        }
        if Self.offWords.contains(first.lowercased()) {
            let removed = try await context.data.deleteSchedule(chatID: context.chat.id, userID: context.user.id)
            try await context.reply(context.text(removed ? "daily.stopped" : "daily.none_to_stop"))
            daily.service.wake()
            return
        }
        let time: LocalTime
        switch TimeWords.read(words) {
        case .time(let found, let rest):
            time = found
            words = rest
        case .outOfRange(let written):
            let shown = written.shortened(to: 20)
            throw LocalizedUserMessageError("daily.time.out_of_range", ["time": .text(shown)])
        case .none:
            throw LocalizedUserMessageError("daily.time.invalid")
        }
        // Day words ("weekdays", "weekend", "mon,wed,fri", "Di-Do") choose the days; the rest names the occasion.
        let (chosen, occasionWords) = DayWords.read(words)
        let days = chosen ?? .everyDay
        var match = try occasionWords.isEmpty ? nil : environment.occasions.match(occasionWords.joined(separator: " "))
        // "/daily 09:00 weekend" asks for weekend days and, with no occasion named, a weekend outfit.
        if match == nil, days == .weekend, let weekend = try? environment.occasions.match("weekend") { match = weekend }
        let occasion = try match?.occasion ?? usualOccasion(of: context.user)
        _ = try await context.data.saveSchedule(
            chatID: context.chat.id, userID: context.user.id, localTime: time.description, occasion: occasion.name, days: days,
            now: context.clock.now())
        daily.service.wake()
        var note: RichText = ""
        if let word = match?.correctedFrom {
            let shown = word.shortened(to: 40)
            note = context.text("outfit.corrected", ["word": .text(shown), "occasion": .text(context.occasionName(occasion))]) + .plain("\n")
        }
        try await context.reply(note + (try await describe(context)))
    }

    /// "/daily off" in the five reply languages.
    static let offWords: Set<String> = [
        "off", "stop", "aus", "stopp", "arrêt", "arret", "apagar", "parar", "desactivar", "spegni", "disattiva", "basta",
    ]

    /// The user's usual occasion (user setting), else the default (smart casual).
    private func usualOccasion(of user: UserRecord) throws -> Occasion {
        if let usual = user.settings[DailySettings.usualOccasionSetting]?.string, let occasion = try? environment.occasions.resolve(usual) {
            return occasion
        }
        return try environment.occasions.resolve(daily.settings.defaultOccasion)
    }

    /// "Daily outfit at 07:30 (Europe/Berlin), Monday to Friday, for business casual."
    private func describe(_ context: ChatContext) async throws -> RichText {
        let zone = DailySettings.name(of: zone(of: context.chat))
        guard let schedule = try await context.data.schedule(chatID: context.chat.id, userID: context.user.id) else {
            return context.text("daily.none", ["zone": .text(zone)])
        }
        let arguments: [String: MessageArgument] = [
            "time": .text(schedule.localTime), "zone": .text(zone),
            "days": .text(Self.daysText(schedule.days, context.phrasebook)),
            "occasion": .text(context.phrasebook.occasionName(schedule.occasion)), "name": .text(context.user.displayName ?? ""),
        ]
        var text = context.text(context.isPrivate || context.user.displayName == nil ? "daily.describe" : "daily.describe.group", arguments)
        if schedule.paused { text += .plain(" ") + context.text("daily.paused", arguments) }
        return text + .plain(" ") + context.text("daily.off_hint")
    }

    /// "every day", "Monday to Friday", "on weekends" or "on Mondays, Wednesdays and Fridays", in the reader's language.
    static func daysText(_ days: Weekdays, _ words: Phrasebook) -> String {
        switch days {
        case .everyDay: return words.string("daily.days.every")
        case .mondayToFriday: return words.string("daily.days.weekdays")
        case .weekend: return words.string("daily.days.weekend")
        default: return words.string("daily.days.some", ["days": .text(words.listed(days.days.map { words.string("daily.day.\($0)") }))])
        }
    }

    private func timeZone(_ context: ChatContext, arguments: String) async throws {
        guard !arguments.isEmpty else {
            try await context.reply(context.text("daily.zone.current", ["zone": .text(DailySettings.name(of: zone(of: context.chat)))]))
            return
        }
        let shown = arguments.shortened(to: 40)
        switch ZoneNames.shared.lookup(arguments) {
        case .zone(let identifier):
            try await setZone(identifier, context: context)
        case .suggestions(let names) where !names.isEmpty:
            // A close name is offered, never set: a wrong zone would send the daily outfit at the wrong hour.
            var buttons: [[Button]] = []
            for name in names {
                buttons.append([try await context.button(name, action: .timeZoneSet, payload: ["zone": .string(name)])])
            }
            try await context.reply(context.text("daily.zone.suggest", ["zone": .text(shown)]), buttons: buttons)
        case .suggestions:
            throw LocalizedUserMessageError("daily.zone.unknown", ["zone": .text(shown)])
        }
    }

    /// Stores the chat's zone, wakes the scheduler and confirms.
    private func setZone(_ identifier: String, context: ChatContext) async throws {
        guard let zone = TimeZone(identifier: identifier) else {
            throw LocalizedUserMessageError("daily.zone.unknown", ["zone": .text(identifier)])
        }
        try await context.store.setChatSettings(
            context.chat.settings.setting(DailySettings.timeZoneSetting, .string(DailySettings.name(of: zone))), chatID: context.chat.id)
        daily.service.wake()
        var text = context.text("daily.zone.set", ["zone": .text(DailySettings.name(of: zone))])
        // The daily outfit keeps its clock time, now in the new zone: say so, since the instant moved.
        if let schedule = try await context.data.schedule(chatID: context.chat.id, userID: context.user.id) {
            text += .plain(" ") + context.text("daily.zone.schedule_moves", ["time": .text(schedule.localTime), "zone": .text(DailySettings.name(of: zone))])
        }
        try await context.reply(text)
    }
}
