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
    /// User-settings key of the user's own prompt text (set with `/prompt TEXT`; wins over the style).
    static let promptTextSetting = "tryon_prompt_text"
    /// User-settings key of the chosen service.
    static let serviceSetting = "tryon_service"
    /// The length an own prompt may have.
    static let promptLength = 10...1000

    /// The prompt the user's next try-on uses: their own text, else their style, else Default.
    static func prompt(of user: UserRecord, tryOn: TryOnEnvironment) -> Prompt {
        if let text = user.settings[promptTextSetting]?.string, !text.isEmpty {
            return Prompt(id: "custom", name: "Your own prompt", text: text)
        }
        return tryOn.prompts.prompt(id: user.settings[promptSetting]?.string)
    }

    /// The user's service, else the configured default.
    static func service(of user: UserRecord, tryOn: TryOnEnvironment) -> TryOnService {
        user.settings[serviceSetting]?.string.flatMap(TryOnService.init(rawValue:)) ?? tryOn.settings.defaultService
    }

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("prompt", usage: "[STYLE|TEXT|default]", summary: "the try-on style, or your own prompt text") { context, arguments in
            let argument = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
            if !argument.isEmpty {
                try await setPrompt(argument, context: context)
                return
            }
            let current = Self.prompt(of: context.user, tryOn: tryOn)
            var rows: [[Button]] = []
            for prompt in tryOn.prompts.prompts {
                let title = (prompt.id == current.id ? "✓ " : "") + prompt.name
                rows.append([try await context.button(title, action: "tryon.prompt", payload: ["id": .string(prompt.id)])])
            }
            let lines = tryOn.prompts.prompts.map { "• \($0.name)" + ($0.summary.isEmpty ? "" : ": \($0.summary)") }
            let own = current.id == "custom" ? "\nYour own prompt: “\(current.text.prefix(200))”" : ""
            try await context.reply(
                .bold("Try-on style") + .plain(" — now \(current.name).\n" + lines.joined(separator: "\n") + own
                    + "\n/prompt TEXT sets your own prompt; /prompt default goes back."), buttons: rows)
        })
        builder.onButton("tryon.prompt") { context, record in
            try await choose(tryOn.prompts.prompt(id: record.payload["id"]?.string), context: context)
        }
        builder.add(Command("service", usage: "[openrouter|gemini|fal]", summary: "pick the image service: OpenRouter, Gemini or Fal.ai") { context, arguments in
            let argument = arguments.trimmingCharacters(in: .whitespaces).lowercased()
            if !argument.isEmpty {
                guard let service = TryOnService.allCases.first(where: {
                    $0.rawValue == argument || $0.displayName.lowercased() == argument || $0.displayName.lowercased().hasPrefix(argument)
                }) else {
                    throw UserMessageError("There is no service \"\(argument.prefix(40))\". Use /service openrouter, /service gemini or /service fal.")
                }
                try await setService(service, context: context)
                return
            }
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
            try await setService(service, context: context)
        }
    }

    private func setService(_ service: TryOnService, context: ChatContext) async throws {
        try await context.store.setSettings(context.user.settings.setting(Self.serviceSetting, .string(service.rawValue)), userID: context.user.id)
        try await context.reply(RichText.plain("Try-ons now run on \(service.displayName). \(keyNote(service, context: context))"))
    }

    /// `/prompt default`, `/prompt fashion` (a style by id or name), or `/prompt TEXT` (the user's own).
    private func setPrompt(_ argument: String, context: ChatContext) async throws {
        let word = argument.lowercased()
        if let style = tryOn.prompts.prompts.first(where: { $0.id.lowercased() == word || $0.name.lowercased() == word }) {
            try await choose(style, context: context)
            return
        }
        // One word that names no style is most likely a misspelt style, not a prompt.
        guard argument.split(whereSeparator: { $0.isWhitespace }).count > 1 else {
            let names = tryOn.prompts.prompts.map { $0.id }.joined(separator: ", ")
            throw UserMessageError("There is no style \"\(argument.prefix(40))\". Styles: \(names). For your own prompt, write a sentence: /prompt TEXT.")
        }
        guard Self.promptLength.contains(argument.count) else {
            throw UserMessageError("Your own prompt must be \(Self.promptLength.lowerBound) to \(Self.promptLength.upperBound) characters; this one has \(argument.count).")
        }
        let settings = context.user.settings.setting(Self.promptTextSetting, .string(argument))
        try await context.store.setSettings(settings, userID: context.user.id)
        try await context.reply(RichText.plain("Your own prompt is set; try-ons use it until /prompt default."))
    }

    /// Picks a style from the catalog and drops the user's own prompt text.
    private func choose(_ prompt: Prompt, context: ChatContext) async throws {
        let settings = context.user.settings.setting(Self.promptSetting, .string(prompt.id)).setting(Self.promptTextSetting, .null)
        try await context.store.setSettings(settings, userID: context.user.id)
        let summary = prompt.summary.isEmpty ? "" : " " + prompt.summary.prefix(1).uppercased() + prompt.summary.dropFirst() + "."
        try await context.reply(RichText.plain("Style set to \(prompt.name)." + summary))
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
