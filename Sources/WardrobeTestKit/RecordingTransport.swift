import Chat
import Foundation
import Synchronization

/// A transport that records what the bot sends, for router and feature tests.
public final class RecordingTransport: ChatTransport {
    public let name: String
    public let capabilities: TransportCapabilities
    private let sent = Mutex<[(ChatAddress, OutgoingMessage)]>([])

    /// `inlineButtons: false` behaves like the console and Matrix (numbered choices).
    public let botUserID: String?
    /// Thrown by every `send` while set (e.g. a `RecipientGone` error), for failure paths.
    private let failure = Mutex<(any Error)?>(nil)

    /// `inlineButtons: false` behaves like the console and Matrix (numbered choices); `polls: true` like Telegram.
    public init(name: String = "test", inlineButtons: Bool = true, edits: Bool = true, polls: Bool = false, botUserID: String? = nil) {
        self.name = name
        self.botUserID = botUserID
        capabilities = TransportCapabilities(inlineButtons: inlineButtons, edits: edits, polls: polls, deletesUserMessages: true)
    }

    /// Makes every later `send` to `chatID` throw `error` (nil: all chats), until `succeed()`.
    public func fail(with error: any Error, chatID: String? = nil) {
        failure.withLock { $0 = error }
        failingChat.withLock { $0 = chatID }
    }

    /// Lets sends succeed again.
    public func succeed() { failure.withLock { $0 = nil } }

    private let failingChat = Mutex<String?>(nil)

    /// Every message sent with its chat, in order.
    public var deliveries: [(chat: ChatAddress, message: OutgoingMessage)] { sent.withLock { $0.map { ($0.0, $0.1) } } }

    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        if let error = failure.withLock({ $0 }), failingChat.withLock({ $0 == nil || $0 == chat.id }) { throw error }
        let count = sent.withLock { list in
            list.append((chat, message))
            return list.count
        }
        return [MessageRef(chatID: chat.id, messageID: String(count))]
    }

    /// Every message sent, in order.
    public var messages: [OutgoingMessage] { sent.withLock { $0.map(\.1) } }

    /// The plain text of every text message sent, in order.
    public var texts: [String] {
        messages.compactMap { if case .text(let text, _, _) = $0 { return text.plainText } else { return nil } }
    }

    /// What a reader sees as text, in order: every text message and every photo message's caption.
    public var readable: [String] {
        messages.compactMap { message in
            switch message {
            case .text(let text, _, _): return text.plainText
            case .photos(_, let caption?, _): return caption.plainText
            default: return nil
            }
        }
    }

    /// The photo messages sent, in order, each with its images, caption and buttons.
    public var photoMessages: [(images: [OutgoingImage], caption: RichText?, buttons: [[Button]])] {
        messages.compactMap { if case .photos(let images, let caption, let buttons) = $0 { return (images, caption, buttons) } else { return nil } }
    }

    /// Images sent in photo messages, in order.
    public var photos: [OutgoingImage] {
        messages.flatMap { if case .photos(let images, _, _) = $0 { return images } else { return [] } }
    }

    /// Buttons of the last message that had any.
    public var lastButtons: [Button] {
        messages.compactMap { $0.buttons?.flatMap { $0 } }.last { !$0.isEmpty } ?? []
    }

    /// The button titled `title` on the last message with buttons.
    public func button(_ title: String) -> Button? {
        lastButtons.first { $0.title == title || $0.title.hasSuffix(title) }
    }

    /// Forgets everything recorded.
    public func reset() { sent.withLock { $0.removeAll() } }
}
