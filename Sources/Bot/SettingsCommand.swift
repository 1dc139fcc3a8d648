import Chat
import Foundation
import Localization
import Secrets
import TryOn

/// `/settings`: what the bot does for this person here, one line per setting with the command that changes it.
struct SettingsCommand {
    let environment: BotEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("settings", topic: .settings) { context, _ in
            try await context.reply(try await overview(context))
        })
    }

    private func overview(_ context: ChatContext) async throws -> RichText {
        let words = context.phrasebook
        var lines: [String] = []
        lines.append(words.string("settings.language.\(LanguageFeature.reason(context))", ["language": .text(context.language.nativeName)]))
        // The chat's zone dates logged wears too, so it is shown even without daily outfits.
        let zone = WearCalendar(environment: environment).zone(of: context.chat)
        lines.append(words.string("settings.zone", ["zone": .text(DailySettings.name(of: zone))]))
        if environment.daily != nil {
            if let schedule = try await context.data.schedule(chatID: context.chat.id, userID: context.user.id) {
                lines.append(words.string(schedule.paused ? "settings.daily.paused" : "settings.daily.on", [
                    "time": .text(schedule.localTime), "days": .text(DailyFeature.daysText(schedule.days, words)),
                    "occasion": .text(words.occasionName(schedule.occasion)),
                ]))
            } else {
                lines.append(words.string("settings.daily.off"))
            }
        }
        if let tryOn = environment.tryOn {
            let prompt = TryOnPreferences.prompt(of: context.user, tryOn: tryOn, ownName: context.string("tryon.prompt.own_name"))
            lines.append(words.string("settings.tryon", [
                "service": .text(TryOnPreferences.service(of: context.user, tryOn: tryOn).displayName), "style": .text(words.promptName(prompt)),
            ]))
            // Only which services have a key: the keys themselves (even their ends) stay out of a chat that may be a group.
            let keyed = TryOnService.allCases.filter { environment.keys.value(for: SecretName.user(context.user.key, service: $0.rawValue)) != nil }
            lines.append(keyed.isEmpty
                ? words.string("settings.keys.none")
                : words.string("settings.keys.some", ["services": .text(words.listed(keyed.map(\.displayName)))]))
        }
        lines.append(words.string("settings.forget"))
        return words.text("settings.title").bolded + .plain("\n" + lines.joined(separator: "\n"))
    }
}
