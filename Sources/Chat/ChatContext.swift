import Foundation
import JSON
import Localization
import Storage
import Support

/// Everything a handler needs for one event: who, where, storage, and a way to answer.
public struct ChatContext: Sendable {
    public let event: ChatEvent
    public let user: UserRecord
    public let chat: ChatRecord
    /// The chat core's storage, by protocol: participants, chat state, buttons, attempts, outbox.
    public let store: any ChatStore
    public let transport: any ChatTransport
    public let logger: Logger
    public let clock: any WallClock
    /// The router handling this event (for `/help` and re-dispatch).
    public let router: Router
    /// The language replies to this user are written in: their `/language` choice, else their app's, else English.
    public let language: Language
    /// Whether the command being handled cleared input the bot was waiting for (a typed answer, numbered
    /// choices, a photo): every command does that first, and `/cancel` says which it was.
    public internal(set) var cancelledInput = false

    public init(
        event: ChatEvent, user: UserRecord, chat: ChatRecord, store: any ChatStore, transport: any ChatTransport, logger: Logger,
        clock: any WallClock, router: Router, language: Language = .en
    ) {
        self.language = language
        self.router = router
        self.event = event
        self.user = user
        self.chat = chat
        self.store = store
        self.transport = transport
        self.logger = logger
        self.clock = clock
    }

    /// Sends a message to this chat.
    @discardableResult
    public func send(_ message: OutgoingMessage) async throws -> [MessageRef] {
        if !transport.capabilities.inlineButtons, let rows = message.buttons, !rows.isEmpty {
            // Without inline buttons the user answers by number; remember what the numbers mean
            // before the menu is shown, so an answer typed at once finds them.
            try await updateState { Choices.remember(rows, in: $0) }
        }
        return try await transport.send(message, to: event.chat)
    }

    /// Sends a text reply with optional buttons; returns the posted message.
    @discardableResult
    public func reply(_ text: RichText, buttons: [[Button]] = []) async throws -> MessageRef? {
        try await send(.text(text, buttons: buttons, replyTo: event.chat.kind == .group ? event.message : nil)).first
    }

    /// Makes a button whose press runs `action` with `payload`; by default only this user may press it.
    public func button(_ title: String, action: some ButtonActionName, payload: JSON = [:], anyone: Bool = false) async throws -> Button {
        let token = try await store.createButton(
            chatID: chat.id, userID: anyone ? nil : user.id, action: action.rawValue, payload: payload, lifetime: ButtonRecord.defaultLifetime,
            now: clock.now())
        return Button(title: title, token: token)
    }

    /// This user's conversation state in this chat.
    public func state() async throws -> JSON {
        try await store.chatState(chatID: chat.id, userID: user.id)
    }

    /// Replaces this user's conversation state in this chat.
    public func setState(_ state: JSON) async throws {
        router.pendingInputs.note(state, chatID: chat.id, userID: user.id)
        try await store.setChatState(state, chatID: chat.id, userID: user.id, now: clock.now())
    }

    /// Reads the current state, transforms it and saves it (handlers run one at a time per chat).
    public func updateState(_ transform: (JSON) -> JSON) async throws {
        try await setState(transform(try await state()))
    }

    /// True in private chats.
    public var isPrivate: Bool { chat.kind == .privateChat }

    /// The message was said to the bot: a private chat, or a group message the transport delivers only
    /// when addressed to the bot (`TransportCapabilities.addressedGroupText`). Such words deserve an answer.
    public var isSpokenTo: Bool { isPrivate || transport.capabilities.addressedGroupText }
}
