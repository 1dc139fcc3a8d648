import Foundation
import Localization
import Storage

/// Where a conversation lives on a transport.
public struct ChatAddress: Sendable, Hashable {
    /// Transport name: "telegram", "matrix" or "console".
    public let transport: String
    /// The transport's chat id (Telegram chat id, Matrix room id).
    public let id: String
    public let kind: ChatKind
    public let title: String?

    public init(transport: String, id: String, kind: ChatKind, title: String? = nil) {
        self.transport = transport
        self.id = id
        self.kind = kind
        self.title = title
    }
}

/// Who sent an event.
public struct Sender: Sendable, Hashable {
    /// The transport's user id (Telegram user id, Matrix user id).
    public let id: String
    public let displayName: String?
    /// The language of the sender's app, when the transport says (Telegram's `from.language_code`) and it is one of ours.
    public let language: Language?

    public init(id: String, displayName: String? = nil, language: Language? = nil) {
        self.id = id
        self.displayName = displayName
        self.language = language
    }
}

/// A message on a transport, for replies, edits and deletion.
public struct MessageRef: Sendable, Hashable {
    public let chatID: String
    public let messageID: String

    public init(chatID: String, messageID: String) {
        self.chatID = chatID
        self.messageID = messageID
    }
}

/// An image or file that arrived with a message; the bytes are fetched on demand.
public struct Attachment: Sendable {
    /// The transport's file id (Telegram file_id, Matrix mxc URI).
    public let id: String
    public let mimeType: String?
    public let byteCount: Int?
    public let fileName: String?
    public let load: @Sendable () async throws -> [UInt8]

    public init(
        id: String, mimeType: String?, byteCount: Int?, fileName: String? = nil, load: @escaping @Sendable () async throws -> [UInt8]
    ) {
        self.id = id
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.fileName = fileName
        self.load = load
    }
}

/// What happened, independent of the transport.
public enum EventPayload: Sendable {
    /// Plain text (including pasted links).
    case text(String)
    /// `/name arguments`, with any `@botname` suffix already removed.
    case command(name: String, arguments: String)
    /// One photo or several sent together as an album, with the (first) caption.
    case photos([Attachment], caption: String?)
    /// A button press carrying the button's token.
    case button(token: String)
    /// A poll vote; empty options mean the vote was taken back.
    case vote(pollID: String, options: [Int])
    /// Something a person sent that the bot has no use for (a sticker, voice note, location…), named by the
    /// transport's own word for it; the router tells the sender what it can use.
    case other(kind: String)
}

/// One incoming event in transport-neutral form.
public struct ChatEvent: Sendable {
    /// The transport's update or event id, for logs and idempotency.
    public let id: String
    public let chat: ChatAddress
    public let sender: Sender
    public let payload: EventPayload
    /// The message that carried the event (for replies and button messages).
    public let message: MessageRef?
    /// The message this one replies to, if any.
    public let replyTo: MessageRef?
    public let date: Date
    /// For button presses on transports that must acknowledge them (Telegram callback query id).
    public let callbackID: String?

    public init(
        id: String, chat: ChatAddress, sender: Sender, payload: EventPayload, message: MessageRef? = nil,
        replyTo: MessageRef? = nil, date: Date = Date(), callbackID: String? = nil
    ) {
        self.callbackID = callbackID
        self.id = id
        self.chat = chat
        self.sender = sender
        self.payload = payload
        self.message = message
        self.replyTo = replyTo
        self.date = date
    }

    /// The same event with the sender's display name set (a transport may learn it separately).
    public func naming(sender displayName: String?) -> ChatEvent {
        guard let displayName, displayName != sender.displayName else { return self }
        return ChatEvent(
            id: id, chat: chat, sender: Sender(id: sender.id, displayName: displayName, language: sender.language), payload: payload, message: message,
            replyTo: replyTo, date: date, callbackID: callbackID)
    }

    /// The same event replying to `reference` instead (a transport matching a posted message with
    /// the reference the bot's handlers were given before it was posted).
    public func replying(to reference: MessageRef?) -> ChatEvent {
        ChatEvent(id: id, chat: chat, sender: sender, payload: payload, message: message, replyTo: reference, date: date, callbackID: callbackID)
    }
}
