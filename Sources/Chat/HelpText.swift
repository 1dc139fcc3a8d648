import Localization

/// What `/help` answers. With no argument: one line per topic naming its commands, short enough for a
/// phone's screen; `/help outfit` the usage and summary of one command, `/help outfits` of one topic's,
/// `/help all` of every command.
enum HelpText {
    /// The reply to `/help ARGUMENTS`.
    static func reply(_ arguments: String, context: ChatContext) -> RichText {
        let commands = context.router.helpCommands
        var word = Substring(arguments.trimmingCharacters(in: .whitespaces).lowercased())
        if word.hasPrefix("/") { word = word.dropFirst() }
        if word.isEmpty { return overview(context) }
        let typed = String(word.prefix(64))
        if isAll(typed, context: context) {
            return context.text("chat.help.title").bolded + .plain("\n" + lines(commands, context: context)) + choicesLine(context)
        }
        if let command = context.router.command(named: typed), command.listed {
            return .plain(command.helpLine(in: context.language))
        }
        if let topic = topic(named: typed, context: context) {
            let members = commands.filter { $0.topic == topic }
            if !members.isEmpty {
                return context.text("chat.help.topic.\(topic.rawValue)").bolded + .plain("\n" + lines(members, context: context))
            }
        }
        return context.text("chat.help.unknown", ["command": .text(CommandSuggestion.shown(typed))]) + .plain("\n\n") + overview(context)
    }

    /// The short overview: a line per topic with its commands' names, then how to see more.
    static func overview(_ context: ChatContext) -> RichText {
        let key = "\(context.language.rawValue) \(context.event.chat.transport) \(context.transport.capabilities.inlineButtons)"
        return context.router.helpOverview(key) { makeOverview(context) }
    }

    private static func makeOverview(_ context: ChatContext) -> RichText {
        let commands = context.router.helpCommands.filter { $0.name != "help" }
        var text = context.text("chat.help.title").bolded
        for topic in HelpTopic.allCases {
            let names = commands.filter { $0.topic == topic }.map { "/\($0.name)" }
            guard !names.isEmpty else { continue }
            text += .plain("\n") + .bold(context.string("chat.help.topic_heading", ["topic": .text(context.string("chat.help.topic.\(topic.rawValue)"))])) + .plain(" " + names.joined(separator: " "))
        }
        text += .plain("\n\n") + context.text("chat.help.more")
        return text + choicesLine(context)
    }

    private static func lines(_ commands: [Command], context: ChatContext) -> String {
        commands.map { $0.helpLine(in: context.language) }.joined(separator: "\n")
    }

    /// How choices are answered where the transport has no buttons (numbers, reactions…).
    private static func choicesLine(_ context: ChatContext) -> RichText {
        guard !context.transport.capabilities.inlineButtons else { return RichText([]) }
        let specific = "chat.choices.\(context.event.chat.transport)"
        return .plain("\n\n") + context.text(context.catalogs.has(specific, in: .en) ? specific : "chat.choices.reply")
    }

    /// "all", in English or the reply's language.
    private static func isAll(_ word: String, context: ChatContext) -> Bool {
        word == "all" || word == context.string("chat.help.all_word").lowercased()
    }

    /// The topic `word` names: its English key or its title in English or the reply's language.
    private static func topic(named word: String, context: ChatContext) -> HelpTopic? {
        HelpTopic.allCases.first { topic in
            let key = "chat.help.topic.\(topic.rawValue)"
            return word == topic.rawValue || word == context.catalogs.string(key, in: .en).lowercased()
                || word == context.string(key).lowercased()
        }
    }
}
