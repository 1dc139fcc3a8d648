import Localization

/// A registered slash command: its name, help line and handler.
public struct Command: Sendable {
    public let name: String
    /// Argument hint shown in `/help`, e.g. "OCCASION [N]".
    public let usage: String
    /// One line for `/help` and Telegram's command menu, in English: the fallback when no catalog has
    /// `command.NAME` (commands of features not yet translated).
    public let summary: String
    /// Hidden commands work but are not listed (e.g. aliases).
    public let listed: Bool
    /// False for a command in Telegram's menu that `/help` leaves out, so its list stays short: `/cancel`
    /// only matters while the bot waits for an answer.
    public let inHelp: Bool
    /// Where `/help`'s short overview lists the command.
    public let topic: HelpTopic
    public let handler: @Sendable (ChatContext, String) async throws -> Void
    /// The summary per language, from the catalogs' `command.NAME` (filled when the router is built).
    public internal(set) var summaries: [Language: String] = [:]

    /// A command whose summary is `summary` (English) unless the catalogs describe `command.NAME`.
    public init(
        _ name: String, usage: String = "", summary: String, listed: Bool = true, inHelp: Bool = true, topic: HelpTopic = .more,
        handler: @escaping @Sendable (ChatContext, String) async throws -> Void
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.listed = listed
        self.inHelp = inHelp
        self.topic = topic
        self.handler = handler
    }

    /// A command described only by the catalogs' `command.NAME`, in every language.
    public init(
        _ name: String, usage: String = "", listed: Bool = true, inHelp: Bool = true, topic: HelpTopic = .more,
        handler: @escaping @Sendable (ChatContext, String) async throws -> Void
    ) {
        self.init(name, usage: usage, summary: "", listed: listed, inHelp: inHelp, topic: topic, handler: handler)
    }

    /// The summary in `language`: the catalog's, else English, else the built-in English text.
    public func summary(in language: Language) -> String {
        summaries[language] ?? summaries[.en] ?? (summary.isEmpty ? name : summary)
    }

    /// The `/help` line, e.g. "/outfit OCCASION [N] — an outfit from your closet".
    public func helpLine(in language: Language) -> String {
        "/\(name)" + (usage.isEmpty ? "" : " \(usage)") + " — \(summary(in: language))"
    }

    /// The English `/help` line.
    public var helpLine: String { helpLine(in: .en) }

    /// The same command with its summaries looked up in `catalogs`.
    func describing(with catalogs: Catalogs) -> Command {
        var copy = self
        let key = "command.\(name)"
        for language in Language.allCases where catalogs.has(key, in: language) {
            copy.summaries[language] = catalogs.string(key, in: language)
        }
        return copy
    }
}
