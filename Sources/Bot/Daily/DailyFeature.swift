import Chat
import Closet
import Foundation
import JSON
import Localization
import Schedule
import Storage
import Support

/// `/daily HH:MM [weekdays] [OCCASION]`, `/daily off`, `/daily`, and `/timezone [Area/City]`.
struct DailyFeature {
    let environment: BotEnvironment
    let daily: DailyEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("daily", usage: "HH:MM [weekdays] [OCCASION] | off") {
            context, arguments in
            try await command(context, arguments: arguments)
        })
        builder.add(Command("timezone", usage: "[Area/City]") { context, arguments in
            try await timeZone(context, arguments: arguments.trimmingCharacters(in: .whitespaces))
        })
    }

    /// The zone of a chat: its own setting, else the configured default.
    func zone(of chat: ChatRecord) -> TimeZone {
        chat.settings[DailySettings.timeZoneSetting]?.string.flatMap(TimeZone.init(identifier:)) ?? daily.settings.defaultTimeZone
    }

    private func command(_ context: ChatContext, arguments: String) async throws {
        var words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else {
            try await context.reply(try await describe(context))
            return
        }
        if first.lowercased() == "off" {
            let removed = try await context.data.deleteSchedule(chatID: context.chat.id, userID: context.user.id)
            try await context.reply(context.text(removed ? "daily.stopped" : "daily.none_to_stop"))
            daily.service.wake()
            return
        }
        guard let time = LocalTime(text: first) else {
            throw LocalizedUserMessageError("daily.time.invalid")
        }
        words.removeFirst()
        var weekdaysOnly = false
        if let index = words.firstIndex(where: { Self.weekdayWords.contains($0.lowercased()) }) {
            weekdaysOnly = true
            words.remove(at: index)
        }
        let match: OccasionMatch?
        do {
            match = try words.isEmpty ? nil : environment.occasions.match(words.joined(separator: " "))
        } catch {
            // Other days ("monday", "sat,sun") are not a schedule the bot keeps: say what it can do rather
            // than call the day an unknown occasion. ("saturday" alone is the weekend occasion's alias.)
            guard let day = words.first(where: { Self.isDayName($0) }) else { throw error }
            let shown = day.count > 20 ? String(day.prefix(19)) + "…" : day
            throw LocalizedUserMessageError("daily.days.unsupported", ["days": .text(shown)])
        }
        let occasion = try match?.occasion ?? usualOccasion(of: context.user)
        try await context.data.saveSchedule(
            chatID: context.chat.id, userID: context.user.id, localTime: time.description, occasion: occasion.name, weekdaysOnly: weekdaysOnly,
            now: context.clock.now())
        daily.service.wake()
        var note: RichText = ""
        if let word = match?.correctedFrom {
            let shown = word.count > 40 ? String(word.prefix(39)) + "…" : word
            note = context.text("outfit.corrected", ["word": .text(shown), "occasion": .text(context.occasionName(occasion))]) + .plain("\n")
        }
        try await context.reply(note + (try await describe(context)))
    }

    /// "Weekdays" (Monday to Friday) in the five reply languages, and the day ranges people write for it.
    static let weekdayWords: Set<String> = [
        "weekdays", "weekday", "workdays", "werktags", "wochentags", "semaine", "laborables", "feriali",
        "mon-fri", "monday-friday", "mo-fr", "montag-freitag", "lun-ven", "lundi-vendredi", "lun-vie", "lunes-viernes",
        "lunedì-venerdì", "lunedi-venerdi",
    ]

    /// Day names and abbreviations in the five languages, alone or in a list ("sat,sun", "sa/so").
    static func isDayName(_ word: String) -> Bool {
        let parts = word.lowercased().split(whereSeparator: { ",/-+&".contains($0) })
        return !parts.isEmpty && parts.allSatisfy { dayNames.contains(String($0)) }
    }

    /// Day names and their abbreviations in the five reply languages.
    private static let dayNames: Set<String> = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday", "friday",
        "saturday", "sunday", "mondays", "saturdays", "sundays", "weekends", "montag", "dienstag", "mittwoch",
        "donnerstag", "freitag", "samstag", "sonntag", "mo", "di", "mi", "do", "fr", "sa", "so", "lundi", "mardi",
        "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lunes", "martes", "miércoles", "miercoles", "jueves",
        "viernes", "sábado", "sabado", "domingo", "lunedì", "lunedi", "martedì", "martedi", "mercoledì", "mercoledi",
        "giovedì", "giovedi", "venerdì", "venerdi", "sabato", "domenica", "wochenende", "finde",
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
            "days": .text(context.string(schedule.weekdaysOnly ? "daily.days.weekdays" : "daily.days.every")),
            "occasion": .text(context.phrasebook.occasionName(schedule.occasion)), "name": .text(context.user.displayName ?? ""),
        ]
        var text = context.text(context.isPrivate || context.user.displayName == nil ? "daily.describe" : "daily.describe.group", arguments)
        if schedule.paused { text += .plain(" ") + context.text("daily.paused", arguments) }
        return text + .plain(" ") + context.text("daily.off_hint")
    }

    private func timeZone(_ context: ChatContext, arguments: String) async throws {
        guard !arguments.isEmpty else {
            try await context.reply(context.text("daily.zone.current", ["zone": .text(DailySettings.name(of: zone(of: context.chat)))]))
            return
        }
        guard arguments.contains("/") || arguments.uppercased() == "UTC", let zone = TimeZone(identifier: arguments) else {
            let shown = arguments.count > 40 ? String(arguments.prefix(39)) + "…" : arguments
            throw LocalizedUserMessageError("daily.zone.unknown", ["zone": .text(shown)])
        }
        try await context.store.setChatSettings(
            context.chat.settings.setting(DailySettings.timeZoneSetting, .string(DailySettings.name(of: zone))), chatID: context.chat.id)
        daily.service.wake()
        try await context.reply(context.text("daily.zone.set", ["zone": .text(DailySettings.name(of: zone))]))
    }
}
