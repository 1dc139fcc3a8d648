import Chat
import JSON
import Localization
import Storage

/// `/language`: show the reply language with a button per language, or set it (`/language de`, `/language auto`).
///
/// The choice is stored per user in their settings and wins over the app's language on every transport;
/// without one, Telegram users get their app's language and everyone else English.
struct LanguageFeature {
    /// The button action that applies a choice from the menu.

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("language", usage: "[en|de|fr|es|it|auto]", topic: .settings) { context, arguments in
            let word = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
            if word.isEmpty {
                try await showMenu(context)
            } else {
                try await apply(try LanguageChoice(typed: word), context: context)
            }
        })
        builder.onButton(.languageSet) { context, record in
            guard let choice = LanguageChoice(payload: record.payload) else { return }
            try await apply(choice, context: context)
        }
    }

    /// Why the reply language is the one it is: "chosen" with `/language`, "app" (the app's), or "default" (English, nothing known).
    static func reason(_ context: ChatContext) -> String {
        if Language(tag: context.user.settings[ChatContext.languageSetting]?.string) != nil { return "chosen" }
        return context.event.sender.language != nil ? "app" : "default"
    }

    /// The current language, why it is the one, and a button per language (plus "follow my app" once chosen).
    private func showMenu(_ context: ChatContext) async throws {
        let reason = Self.reason(context)
        let key = "language.current.\(reason)"
        var row: [Button] = []
        for language in Language.allCases where language != context.language {
            row.append(try await context.button(language.nativeName, action: .languageSet, payload: LanguageChoice.language(language).payload))
        }
        var rows = [row]
        if reason == "chosen" {
            rows.append([try await context.button(
                context.string("language.button.auto"), action: .languageSet, payload: LanguageChoice.followApp.payload)])
        }
        let arguments: [String: MessageArgument] = ["language": .text(context.language.nativeName), "codes": .text(LanguageChoice.codes)]
        try await context.reply(context.text(key, arguments), buttons: rows)
    }

    /// Stores (or clears) the choice and confirms it in the language now in use.
    private func apply(_ choice: LanguageChoice, context: ChatContext) async throws {
        switch choice {
        case .language(let language):
            let settings = context.user.settings.setting(ChatContext.languageSetting, .string(language.rawValue))
            try await context.store.setSettings(settings, userID: context.user.id)
            try await context.speaking(language).reply(context.speaking(language).text("language.set"))
        case .followApp:
            var settings = context.user.settings.object ?? [:]
            settings[ChatContext.languageSetting] = nil
            try await context.store.setSettings(.object(settings), userID: context.user.id)
            let now = ChatContext.language(chosen: nil, app: context.event.sender.language)
            try await context.speaking(now).reply(context.speaking(now).text("language.auto", ["language": .text(now.nativeName)]))
        }
    }
}

/// What `/language` or one of its buttons asks for: a language, or following the app again.
enum LanguageChoice: Equatable {
    case language(Language)
    case followApp

    /// The codes a user can type, for help texts.
    static let codes = Language.allCases.map(\.rawValue).joined(separator: ", ")

    /// A typed argument: a code or tag ("de", "de-AT"), a language's name ("Deutsch", "spanish"), "auto",
    /// or a refusal naming the choices.
    init(typed word: String) throws(LocalizedUserMessageError) {
        if word.lowercased() == "auto" {
            self = .followApp
        } else if let language = Language(tag: word) ?? Self.language(named: word) {
            self = .language(language)
        } else {
            throw LocalizedUserMessageError("language.unknown", ["code": .text(String(word.prefix(20))), "codes": .text(Self.codes)])
        }
    }

    /// A button's stored payload; nil for one that names no language we have.
    init?(payload: JSON) {
        guard let code = payload["language"]?.string else { return nil }
        if code == "auto" {
            self = .followApp
        } else if let language = Language(rawValue: code) {
            self = .language(language)
        } else {
            return nil
        }
    }

    /// The payload stored behind the button.
    var payload: JSON {
        switch self {
        case .language(let language): ["language": .string(language.rawValue)]
        case .followApp: ["language": "auto"]
        }
    }
}
