import Localization
import Storage
import Support

/// Collects commands and handlers, then builds the immutable `Router`.
public struct RouterBuilder {
    var commands: [Command] = []
    var textHandlers: [Router.TextHandler] = []
    var photoHandler: Router.PhotoHandler?
    var captionHandlers: [String: Router.PhotoHandler] = [:]
    var buttonHandlers: [String: Router.ButtonHandler] = [:]
    var voteHandler: Router.VoteHandler?
    var errorTranslators: [Router.ErrorTranslator] = []
    /// The catalog key of the reply to text nobody handled in a private chat.
    var fallbackKey = "chat.fallback"
    /// Chat-state keys that hold what the next message should answer.
    var pendingInputKeys: [String] = []

    public init() {}

    /// Adds a command; later registrations of the same name are ignored.
    public mutating func add(_ command: Command) {
        guard !commands.contains(where: { $0.name == command.name }) else { return }
        commands.append(command)
    }

    /// Adds a handler for plain text; handlers are tried in order until one takes the text.
    public mutating func onText(_ handler: @escaping Router.TextHandler) { textHandlers.append(handler) }

    /// Sets the handler for photos.
    public mutating func onPhotos(_ handler: @escaping Router.PhotoHandler) { photoHandler = handler }

    /// Sets the handler for photos whose caption starts with `keyword` (e.g. "add"); it gets the
    /// caption without the keyword. Other photos go to the `onPhotos` handler.
    public mutating func onCaptionedPhotos(_ keyword: String, _ handler: @escaping Router.PhotoHandler) {
        captionHandlers[keyword.lowercased()] = handler
    }

    /// Sets the handler for buttons created with `action`.
    public mutating func onButton(_ action: some ButtonActionName, _ handler: @escaping Router.ButtonHandler) {
        buttonHandlers[action.rawValue] = handler
    }

    /// Sets the handler for poll votes.
    public mutating func onVote(_ handler: @escaping Router.VoteHandler) { voteHandler = handler }

    /// Adds a translator for errors of modules below the chat layer (which know no catalogs): the first
    /// translator that returns a message wins, before the error's own English `userMessage`.
    public mutating func translateErrors(_ translator: @escaping Router.ErrorTranslator) { errorTranslators.append(translator) }

    /// Declares a chat-state key that holds what the person's next message should answer (a typed
    /// size, a photo for a piece): any command clears it, as it clears numbered choices.
    public mutating func pendingInput(stateKey: String) { pendingInputKeys.append(stateKey) }

    /// Sets the catalog key of the reply for text nobody handled in a private chat.
    public mutating func setFallback(key: String) { fallbackKey = key }

    /// Adds `/start`, `/help` (generated from the registered commands) and `/cancel`, and builds the router.
    /// `welcome` is the catalog key of `/start`'s greeting; command summaries come from the catalogs' `command.NAME`.
    public func build(store: any ChatStore, logger: Logger, clock: any WallClock, welcome: String, catalogs: Catalogs = .builtIn) -> Router {
        let start = Command("start", topic: .settings) { context, _ in
            try await context.reply(context.text(welcome) + .plain("\n\n") + HelpText.overview(context))
        }
        let help = Command("help", usage: "[COMMAND|all]", topic: .settings) { context, arguments in
            try await context.reply(HelpText.reply(arguments, context: context))
        }
        // The router cleared the pending input before this runs, as for every command; /cancel only tells.
        let cancel = Command("cancel", inHelp: false) { context, _ in
            try await context.reply(context.text(context.cancelledInput ? "chat.cancel.done" : "chat.cancel.nothing"))
        }
        var builder = self
        builder.commands.insert(contentsOf: [start, help, cancel], at: 0)
        builder.commands = builder.commands.map { $0.describing(with: catalogs) }
        return Router(builder: builder, store: store, logger: logger, clock: clock, catalogs: catalogs)
    }
}
