import Foundation
import JSON
import Localization
import Storage
import Support
import Synchronization

/// Finds the handler for each event and turns failures into short replies.
///
/// Build it once with `RouterBuilder`; it is immutable and shared by every transport.
public final class Router: Sendable {
    /// Handles text that is not a command (e.g. a pasted link). Returns true when it took the text.
    public typealias TextHandler = @Sendable (ChatContext, String) async throws -> Bool
    /// Handles photos with their caption.
    public typealias PhotoHandler = @Sendable (ChatContext, [Attachment], String?) async throws -> Void
    /// Handles a button press with its stored state.
    public typealias ButtonHandler = @Sendable (ChatContext, ButtonRecord) async throws -> Void
    /// Handles a poll vote.
    public typealias VoteHandler = @Sendable (ChatContext, String, [Int]) async throws -> Void
    /// The message for an error of a module that knows no catalogs, or nil when the translator doesn't know it.
    public typealias ErrorTranslator = @Sendable (any Error, ChatContext) -> LocalizedMessage?

    public let commands: [Command]
    private let commandIndex: [String: Command]
    private let textHandlers: [TextHandler]
    private let photoHandler: PhotoHandler?
    private let captionHandlers: [String: PhotoHandler]
    private let buttonHandlers: [String: ButtonHandler]
    private let voteHandler: VoteHandler?
    private let errorTranslators: [ErrorTranslator]
    private let store: any ChatStore
    private let logger: Logger
    private let clock: any WallClock
    /// Catalog key of the reply to messages the bot does not understand.
    public let fallbackKey: String
    /// The message catalogs every reply is written from.
    public let catalogs: Catalogs
    /// What people's next messages may answer; a command cancels it.
    let pendingInputs: PendingInputs
    /// The `/help` overview, made once per language and transport (the commands and catalogs never change).
    private let helpOverviews = Mutex<[String: RichText]>([:])

    init(builder: RouterBuilder, store: any ChatStore, logger: Logger, clock: any WallClock, catalogs: Catalogs) {
        self.catalogs = catalogs
        commands = builder.commands
        commandIndex = Dictionary(builder.commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        textHandlers = builder.textHandlers
        photoHandler = builder.photoHandler
        captionHandlers = builder.captionHandlers
        buttonHandlers = builder.buttonHandlers
        voteHandler = builder.voteHandler
        errorTranslators = builder.errorTranslators
        fallbackKey = builder.fallbackKey
        pendingInputs = PendingInputs(keys: builder.pendingInputKeys)
        self.store = store
        self.logger = logger
        self.clock = clock
    }

    /// Whether presses of `action` have a handler (a button made for it would otherwise only expire).
    public func handles(button action: some ButtonActionName) -> Bool { buttonHandlers[action.rawValue] != nil }

    /// The commands in the Telegram menu, in registration order.
    public var listedCommands: [Command] { commands.filter(\.listed) }

    /// The registered command called `name` (the one the router would run for `/name`).
    public func command(named name: String) -> Command? { commandIndex[name] }

    /// The commands `/help` lists: the menu's, less those kept out of the help text.
    public var helpCommands: [Command] { listedCommands.filter(\.inHelp) }

    /// The help overview stored under `key`, made by `make` the first time it is asked for.
    func helpOverview(_ key: String, make: () -> RichText) -> RichText {
        if let made = helpOverviews.withLock({ $0[key] }) { return made }
        let made = make()
        helpOverviews.withLock { $0[key] = made }
        return made
    }

    /// Handles one event completely; never throws — failures become replies and log lines.
    public func handle(_ incoming: ChatEvent, via transport: any ChatTransport) async {
        let event = incoming.cleaned
        let log = logger.with("chat", "\(event.chat.transport):\(event.chat.id)").with("update", event.id)
        let context: ChatContext
        do {
            // In a group, record who is active (group votes close early once every active member voted).
            let active = event.chat.kind == .group && event.sender.id != transport.botUserID
            let (loaded, chat) = try await store.participants(
                transport: event.chat.transport, userID: event.sender.id, displayName: event.sender.displayName, chatID: event.chat.id,
                kind: event.chat.kind, title: event.chat.title, recordActivity: active, now: clock.now())
            var user = loaded
            if let app = event.sender.language, user.settings[ChatContext.appLanguageSetting]?.string != app.rawValue {
                // Remembered for messages sent later without an event (daily outfit, vote result); written only on a change.
                user.settings = user.settings.setting(ChatContext.appLanguageSetting, .string(app.rawValue))
                try await store.setSettings(user.settings, userID: user.id)
            }
            let language = ChatContext.language(chosen: user.settings[ChatContext.languageSetting]?.string, app: event.sender.language)
            context = ChatContext(
                event: event, user: user, chat: chat, store: store, transport: transport, logger: log, clock: clock, router: self,
                language: language)
        } catch {
            log.error("cannot load user or chat", ["error": "\(error)"])
            return
        }
        do {
            try await dispatch(context)
        } catch is CancellationError {
            log.notice("handling cancelled")
        } catch {
            let message: RichText
            if let translated = localizedMessage(for: error, context: context) {
                message = RichText(catalogs.text(translated, in: context.language))
                log.info("request refused", ["reason": "\(error)"])
            } else if let explained = error as? any UserFacingError {
                // Errors nobody translates explain themselves in English.
                message = .plain(explained.userMessage)
                log.info("request refused", ["reason": "\(error)"])
            } else {
                message = context.text("chat.error.generic")
                log.error("handler failed", ["error": "\(error)"])
            }
            _ = try? await context.reply(message)
        }
    }

    /// The translated message for `error`: its own, or the first translator's; nil for errors only in English.
    public func localizedMessage(for error: any Error, context: ChatContext) -> LocalizedMessage? {
        if let translated = error as? any LocalizedUserFacingError { return translated.message }
        for translator in errorTranslators {
            if let message = translator(error, context) { return message }
        }
        return nil
    }

    /// The longest text or command arguments a handler is given (Telegram allows 4096; Matrix far more).
    public static let maxTextLength = 4096

    /// Names the unknown command (cut to Telegram's 32 characters) and offers the one probably meant,
    /// with the same arguments: "/delete 4" gets "Did you mean /remove 4?".
    private func replyToUnknown(_ name: String, arguments: String, context: ChatContext) async throws {
        let shown = CommandSuggestion.shown(name)
        guard let meant = CommandSuggestion.suggest(name, among: commandIndex.keys) else {
            // In a group, a command unlike any of ours is most likely another bot's ("/weather"): stay quiet.
            guard context.isPrivate else { return }
            try await context.reply(context.text("chat.unknown_command", ["command": .text(shown)]))
            return
        }
        let rest = arguments.trimmingCharacters(in: .whitespaces)
        let suggestion = rest.isEmpty || rest.count > 40 ? meant : meant + " " + rest
        try await context.reply(context.text("chat.unknown_command_suggest", ["command": .text(shown), "suggestion": .text(suggestion)]))
    }

    private func dispatch(_ context: ChatContext) async throws {
        // One bound for every chat entrance, before any feature looks at the words.
        switch context.event.payload {
        case .text(let text) where text.count > Router.maxTextLength:
            throw LocalizedUserMessageError("chat.too_long.message", ["limit": .integer(Router.maxTextLength)])
        case .command(_, let arguments) where arguments.count > Router.maxTextLength:
            throw LocalizedUserMessageError("chat.too_long.message", ["limit": .integer(Router.maxTextLength)])
        case .photos(_, let caption?) where caption.count > Router.maxTextLength:
            throw LocalizedUserMessageError("chat.too_long.caption", ["limit": .integer(Router.maxTextLength)])
        default:
            break
        }
        switch context.event.payload {
        case .command(let name, let arguments):
            var context = context
            context.cancelledInput = try await cancelPendingInput(context)
            guard let command = commandIndex[name] else {
                try await replyToUnknown(name, arguments: arguments, context: context)
                return
            }
            try await command.handler(context, arguments)
        case .text(let text):
            if !context.transport.capabilities.inlineButtons {
                let state = try await context.state()
                if let token = Choices.token(for: text, in: state) {
                    try await pressed(token: token, context: context)
                    return
                }
                // "7" when 1–3 are offered is a slip, not words to read; unless a feature waits for typed words ("Type the size").
                if let index = Choices.index(of: text), let offered = Choices.count(in: state), index >= offered,
                   !pendingInputs.awaitsWords(state) {
                    try await context.reply(context.text("chat.choices.out_of_range", ["count": .integer(offered)]))
                    return
                }
            }
            for handler in textHandlers where try await handler(context, text) { return }
            if context.isSpokenTo { try await context.reply(context.text(fallbackKey)) }
        case .photos(let attachments, let caption):
            let words = (caption ?? "").split(separator: " ", maxSplits: 1).map(String.init)
            if let keyword = words.first?.lowercased(), let handler = captionHandlers[keyword] {
                try await handler(context, attachments, words.count > 1 ? words[1] : nil)
            } else if let photoHandler {
                try await photoHandler(context, attachments, caption)
            } else {
                try await context.reply(context.text("chat.photo.hint"))
            }
        case .button(let token):
            try await pressed(token: token, context: context)
        case .vote(let pollID, let options):
            try await voteHandler?(context, pollID, options)
        case .other:
            if context.isSpokenTo { try await context.reply(context.text("chat.other_content")) }
        }
    }

    /// A command starts something new: a typed answer, numbered choices or a photo the bot was waiting
    /// for are no longer what the next message means. True when there was such input to cancel.
    private func cancelPendingInput(_ context: ChatContext) async throws -> Bool {
        guard pendingInputs.mayHave(chatID: context.chat.id, userID: context.user.id) else { return false }
        let state = try await context.state()
        if pendingInputs.holdsPending(state) {
            try await context.setState(pendingInputs.clearing(state))
            return true
        }
        pendingInputs.note(state, chatID: context.chat.id, userID: context.user.id)
        return false
    }

    /// Runs a button's handler. A stale, foreign or someone else's button does nothing but say so;
    /// on Telegram every press is acknowledged (`answerCallbackQuery`), with the refusal as its notice.
    private func pressed(token: String, context: ChatContext) async throws {
        let record = try await store.button(token: token, now: clock.now())
        let handler = record.flatMap { buttonHandlers[$0.action] }
        var refusal: String?
        if record == nil || record?.chatID != context.chat.id || handler == nil {
            refusal = context.string("chat.button.expired")
        } else if let owner = record?.userID, owner != context.user.id {
            refusal = context.string("chat.button.foreign")
        }
        if let callbackID = context.event.callbackID {
            try await context.send(.answerButton(callbackID: callbackID, notice: refusal))
        } else if let refusal {
            try await context.reply(RichText.plain(refusal))
        }
        guard refusal == nil, let record, let handler else { return }
        try await handler(context, record)
    }
}
