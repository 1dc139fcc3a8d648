import Chat
import Foundation
import JSON
import Localization
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

    /// The prompt the user's next try-on uses: their own text (named `ownName`), else their style, else Default.
    static func prompt(of user: UserRecord, tryOn: TryOnEnvironment, ownName: String = "") -> Prompt {
        if let text = user.settings[promptTextSetting]?.string, !text.isEmpty {
            return Prompt(id: "custom", name: ownName, text: text)
        }
        return tryOn.prompts.prompt(id: user.settings[promptSetting]?.string)
    }

    /// The user's service, else the configured default.
    static func service(of user: UserRecord, tryOn: TryOnEnvironment) -> TryOnService {
        user.settings[serviceSetting]?.string.flatMap(TryOnService.init(rawValue:)) ?? tryOn.settings.defaultService
    }

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("prompt", usage: "[STYLE|TEXT|default]", topic: .tryOn) { context, arguments in
            let argument = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
            if !argument.isEmpty {
                try await setPrompt(argument, context: context)
                return
            }
            let current = Self.prompt(of: context.user, tryOn: tryOn, ownName: context.string("tryon.prompt.own_name"))
            let words = context.phrasebook
            var rows: [[Button]] = []
            for prompt in tryOn.prompts.prompts {
                let title = (prompt.id == current.id ? "✓ " : "") + words.promptName(prompt)
                rows.append([try await context.button(title, action: .tryOnPrompt, payload: ["id": .string(prompt.id)])])
            }
            let lines = tryOn.prompts.prompts.map { prompt in
                let summary = words.promptSummary(prompt)
                return "• \(words.promptName(prompt))" + (summary.isEmpty ? "" : ": \(summary)")
            }
            var text = context.text("tryon.prompt.title").bolded + context.text("tryon.prompt.now", ["name": .text(words.promptName(current))])
            text += .plain("\n" + lines.joined(separator: "\n"))
            if current.id == "custom" { text += .plain("\n") + context.text("tryon.prompt.own_line", ["text": .text(String(current.text.prefix(200)))]) }
            try await context.reply(text + .plain("\n") + context.text("tryon.prompt.hint"), buttons: rows)
        })
        builder.onButton(.tryOnPrompt) { context, record in
            try await choose(tryOn.prompts.prompt(id: try record.arguments.optionalString("id", maxLength: 64)), context: context)
        }
        builder.add(Command("service", usage: "[openrouter|gemini|fal]", topic: .tryOn) { context, arguments in
            let argument = arguments.trimmingCharacters(in: .whitespaces).lowercased()
            if !argument.isEmpty {
                guard let service = TryOnService.allCases.first(where: {
                    $0.rawValue == argument || $0.displayName.lowercased() == argument || $0.displayName.lowercased().hasPrefix(argument)
                }) else {
                    throw LocalizedUserMessageError("tryon.service.unknown", ["name": .text(String(argument.prefix(40)))])
                }
                try await setService(service, context: context)
                return
            }
            let current = Self.service(of: context.user, tryOn: tryOn)
            var row: [Button] = []
            for service in TryOnService.allCases {
                let title = (service == current ? "✓ " : "") + service.displayName
                row.append(try await context.button(title, action: .tryOnService, payload: ["service": .string(service.rawValue)]))
            }
            let arguments: [String: MessageArgument] = ["service": .text(current.displayName), "key_note": .text(keyNote(current, context: context))]
            try await context.reply(context.text("tryon.service.current", arguments), buttons: [row])
        })
        builder.onButton(.tryOnService) { context, record in
            let service = try record.arguments.value("service", as: TryOnService.self)
            try await setService(service, context: context)
        }
    }

    private func setService(_ service: TryOnService, context: ChatContext) async throws {
        try await context.store.setSettings(context.user.settings.setting(Self.serviceSetting, .string(service.rawValue)), userID: context.user.id)
        let arguments: [String: MessageArgument] = ["service": .text(service.displayName), "key_note": .text(keyNote(service, context: context))]
        try await context.reply(context.text("tryon.service.set", arguments))
    }

    /// `/prompt default`, `/prompt fashion` (a style by id or name), or `/prompt TEXT` (the user's own).
    private func setPrompt(_ argument: String, context: ChatContext) async throws {
        let word = argument.lowercased()
        let words = context.phrasebook
        if let style = tryOn.prompts.prompts.first(where: {
            $0.id.lowercased() == word || $0.name.lowercased() == word || words.promptName($0).lowercased() == word
        }) {
            try await choose(style, context: context)
            return
        }
        // One word that names no style is most likely a misspelt style, not a prompt.
        guard argument.split(whereSeparator: { $0.isWhitespace }).count > 1 else {
            let names = tryOn.prompts.prompts.map { $0.id }.joined(separator: ", ")
            throw LocalizedUserMessageError("tryon.prompt.unknown_style", ["name": .text(String(argument.prefix(40))), "styles": .text(names)])
        }
        guard Self.promptLength.contains(argument.count) else {
            throw LocalizedUserMessageError("tryon.prompt.length", [
                "min": .integer(Self.promptLength.lowerBound), "max": .integer(Self.promptLength.upperBound), "length": .integer(argument.count),
            ])
        }
        let settings = context.user.settings.setting(Self.promptTextSetting, .string(argument))
        try await context.store.setSettings(settings, userID: context.user.id)
        try await context.reply(context.text("tryon.prompt.own_set"))
    }

    /// Picks a style from the catalog and drops the user's own prompt text.
    private func choose(_ prompt: Prompt, context: ChatContext) async throws {
        let settings = context.user.settings.setting(Self.promptSetting, .string(prompt.id)).setting(Self.promptTextSetting, .null)
        try await context.store.setSettings(settings, userID: context.user.id)
        let words = context.phrasebook
        let said = words.promptSummary(prompt)
        let summary = said.isEmpty ? "" : " " + said.prefix(1).uppercased() + said.dropFirst() + "."
        try await context.reply(context.text("tryon.prompt.style_set", ["name": .text(words.promptName(prompt))]) + .plain(summary))
    }

    /// Whose key the service would use for this user.
    private func keyNote(_ service: TryOnService, context: ChatContext) -> String {
        switch tryOn.resolver.keyOwner(for: service, userKey: context.user.key) {
        case .user: return context.string("tryon.key.user")
        case .operatorKey:
            let quota = tryOn.settings.dailyQuota
            return quota > 0 ? context.string("tryon.key.operator_quota", ["count": .integer(quota)]) : context.string("tryon.key.operator")
        case nil: return context.string("tryon.key.none", ["service": .text(service.rawValue)])
        }
    }
}
