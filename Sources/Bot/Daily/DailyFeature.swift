import Chat
import Closet
import Foundation
import JSON
import Schedule
import Storage
import Support

/// `/daily HH:MM [weekdays] [OCCASION]`, `/daily off`, `/daily`, and `/timezone [Area/City]`.
struct DailyFeature {
    let environment: BotEnvironment
    let daily: DailyEnvironment

    static let zoneExamples = "e.g. /timezone Europe/Berlin, America/New_York or Asia/Tokyo"

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("daily", usage: "HH:MM [weekdays] [OCCASION] | off", summary: "an outfit every morning, e.g. /daily 07:30 weekdays") {
            context, arguments in
            try await command(context, arguments: arguments)
        })
        builder.add(Command("timezone", usage: "[Area/City]", summary: "this chat's time zone for /daily") { context, arguments in
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
            try await context.reply(removed ? "Daily outfit stopped." : "You had no daily outfit here.")
            daily.service.wake()
            return
        }
        guard let time = LocalTime(text: first) else {
            throw UserMessageError("Give the time as HH:MM in 24-hour form, e.g. /daily 07:30 or /daily 08:00 weekdays business.")
        }
        words.removeFirst()
        var weekdaysOnly = false
        if let index = words.firstIndex(where: { ["weekdays", "weekday", "workdays"].contains($0.lowercased()) }) {
            weekdaysOnly = true
            words.remove(at: index)
        }
        let match = try words.isEmpty ? nil : environment.occasions.match(words.joined(separator: " "))
        let occasion = try match?.occasion ?? usualOccasion(of: context.user)
        try await context.data.saveSchedule(
            chatID: context.chat.id, userID: context.user.id, localTime: time.description, occasion: occasion.name, weekdaysOnly: weekdaysOnly,
            now: context.clock.now())
        daily.service.wake()
        let note = match?.note.map { $0 + "\n" } ?? ""
        try await context.reply(RichText.plain(note) + (try await describe(context)))
    }

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
            return RichText.plain("No daily outfit here yet. Send /daily 07:30 (times are \(zone); change with /timezone).")
        }
        let days = schedule.weekdaysOnly ? "Monday to Friday" : "every day"
        let whom = context.isPrivate ? "" : " for \(context.user.displayName ?? "you")"
        var text = "Daily outfit\(whom) at \(schedule.localTime) (\(zone)), \(days), for \(schedule.occasion)."
        if schedule.paused { text += " It is paused because I couldn't reach this chat; send /daily \(schedule.localTime) to resume." }
        return .plain(text + " /daily off stops it.")
    }

    private func timeZone(_ context: ChatContext, arguments: String) async throws {
        guard !arguments.isEmpty else {
            try await context.reply(RichText.plain("This chat's time zone is \(DailySettings.name(of: zone(of: context.chat))). Change it \(Self.zoneExamples)."))
            return
        }
        guard arguments.contains("/") || arguments.uppercased() == "UTC", let zone = TimeZone(identifier: arguments) else {
            throw UserMessageError("I don't know the time zone \(arguments). Use an Area/City name, \(Self.zoneExamples).")
        }
        try await context.store.setChatSettings(
            context.chat.settings.setting(DailySettings.timeZoneSetting, .string(DailySettings.name(of: zone))), chatID: context.chat.id)
        daily.service.wake()
        try await context.reply(RichText.plain("This chat's time zone is now \(DailySettings.name(of: zone))."))
    }
}
