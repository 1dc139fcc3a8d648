import Localization
import Storage

extension ChatContext {
    /// The user-settings key holding a language chosen with `/language` (absent: follow the app).
    public static let languageSetting = "language"

    /// The user-settings key holding the app's language last seen on an event (Telegram's `language_code`), so
    /// messages sent outside a conversation (the daily outfit, a vote's result, a try-on notice) use it too.
    public static let appLanguageSetting = "app_language"

    /// The language for a user: the stored choice, else the app's language, else English.
    public static func language(chosen: String?, app: Language?) -> Language {
        Language(tag: chosen) ?? app ?? .en
    }

    /// The language for a stored user outside a conversation: the choice, else the app's language last seen, else English.
    public static func language(of user: UserRecord) -> Language {
        language(chosen: user.settings[languageSetting]?.string, app: Language(tag: user.settings[appLanguageSetting]?.string))
    }

    /// The message catalogs the router was built with.
    public var catalogs: Catalogs { router.catalogs }

    /// The message `key` in the user's language, as rich text (bold runs kept).
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> RichText {
        RichText(catalogs.text(key, arguments, in: language))
    }

    /// The message `key` in the user's language, as plain text (button titles, notices).
    public func string(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        catalogs.string(key, arguments, in: language)
    }

    /// The same context answering in `language` (right after the user picked it).
    public func speaking(_ language: Language) -> ChatContext {
        ChatContext(
            event: event, user: user, chat: chat, store: store, transport: transport, logger: logger, clock: clock, router: router,
            language: language)
    }
}

extension RichText {
    /// Rich text from a rendered catalog message.
    public init(_ text: LocalizedText) {
        self.init(text.runs.map { $0.bold ? .bold($0.text) : .plain($0.text) })
    }
}
