import Chat
import Foundation
import JSON
import Storage
import Support
import TryOn

/// `/prompt` and `/service`: the user's prompt template and image service, kept in user settings.
struct TryOnPreferences {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    /// User-settings key of the chosen prompt id (missing or blank = Default).
    static let promptSetting = "tryon_prompt"
    /// User-settings key of the chosen service.
    static let serviceSetting = "tryon_service"

    /// The user's service, else the configured default.
    static func service(of user: UserRecord, tryOn: TryOnEnvironment) -> TryOnService {
        user.settings[serviceSetting]?.string.flatMap(TryOnService.init(rawValue:)) ?? tryOn.settings.defaultService
    }

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("prompt", summary: "pick the try-on style: Default, Professional, Casual…") { context, _ in
            let current = tryOn.prompts.prompt(id: context.user.settings[Self.promptSetting]?.string)
            var rows: [[Button]] = []
            for prompt in tryOn.prompts.prompts {
                let title = (prompt.id == current.id ? "✓ " : "") + prompt.name
                rows.append([try await context.button(title, action: "tryon.prompt", payload: ["id": .string(prompt.id)])])
            }
            let lines = tryOn.prompts.prompts.map { "• \($0.name)" + ($0.summary.isEmpty ? "" : ": \($0.summary)") }
            try await context.reply(
                .bold("Try-on style") + .plain(" — now \(current.name).\n" + lines.joined(separator: "\n")), buttons: rows)
        })
        builder.onButton("tryon.prompt") { context, record in
            let prompt = tryOn.prompts.prompt(id: record.payload["id"]?.string)
            try await context.store.setSettings(context.user.settings.setting(Self.promptSetting, .string(prompt.id)), userID: context.user.id)
            let summary = prompt.summary.isEmpty ? "" : " " + prompt.summary.prefix(1).uppercased() + prompt.summary.dropFirst() + "."
            try await context.reply(RichText.plain("Style set to \(prompt.name)." + summary))
        }
        builder.add(Command("service", summary: "pick the image service: OpenRouter, Gemini or Fal.ai") { context, _ in
            let current = Self.service(of: context.user, tryOn: tryOn)
            var row: [Button] = []
            for service in TryOnService.allCases {
                let title = (service == current ? "✓ " : "") + service.displayName
                row.append(try await context.button(title, action: "tryon.service", payload: ["service": .string(service.rawValue)]))
            }
            try await context.reply(RichText.plain("Try-ons run on \(current.displayName). \(keyNote(current, context: context))"), buttons: [row])
        })
        builder.onButton("tryon.service") { context, record in
            guard let service = record.payload["service"]?.string.flatMap(TryOnService.init(rawValue:)) else { return }
            try await context.store.setSettings(context.user.settings.setting(Self.serviceSetting, .string(service.rawValue)), userID: context.user.id)
            try await context.reply(RichText.plain("Try-ons now run on \(service.displayName). \(keyNote(service, context: context))"))
        }
    }

    /// Whose key the service would use for this user.
    private func keyNote(_ service: TryOnService, context: ChatContext) -> String {
        switch tryOn.resolver.keyOwner(for: service, userKey: context.user.key) {
        case .user: return "It uses your own key, with no daily limit."
        case .operatorKey:
            return tryOn.settings.dailyQuota > 0 ? "It uses the bot's key: \(tryOn.settings.dailyQuota) try-ons a day." : "It uses the bot's key."
        case nil: return "No key is set up for it yet: send /key \(service.rawValue) YOUR_KEY in a private chat."
        }
    }
}
