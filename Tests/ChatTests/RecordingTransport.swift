import Chat
import Foundation
import Synchronization

/// A transport that records what the bot sends, for router tests.
final class RecordingTransport: ChatTransport {
    let name = "test"
    let capabilities: TransportCapabilities
    private let sent = Mutex<[(ChatAddress, OutgoingMessage)]>([])

    init(inlineButtons: Bool = true) {
        capabilities = TransportCapabilities(inlineButtons: inlineButtons, edits: true, polls: false, deletesUserMessages: false)
    }

    func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        let count = sent.withLock { list in
            list.append((chat, message))
            return list.count
        }
        return [MessageRef(chatID: chat.id, messageID: String(count))]
    }

    /// The plain text of every text message sent, in order.
    var texts: [String] {
        sent.withLock { $0 }.compactMap { if case .text(let text, _, _) = $0.1 { return text.plainText } else { return nil } }
    }

    /// Buttons of the last message that had any.
    var lastButtons: [Button] {
        sent.withLock { $0 }.compactMap { $0.1.buttons?.flatMap { $0 } }.last { !$0.isEmpty } ?? []
    }
}

/// Builds events for tests.
enum Events {
    static func make(_ payload: EventPayload, chat: String = "c1", user: String = "u1", kind: ChatKindShim = .privateChat) -> ChatEvent {
        ChatEvent(
            id: UUID().uuidString, chat: ChatAddress(transport: "test", id: chat, kind: kind.value), sender: Sender(id: user),
            payload: payload)
    }

    static func command(_ name: String, _ arguments: String = "", chat: String = "c1", user: String = "u1") -> ChatEvent {
        make(.command(name: name, arguments: arguments), chat: chat, user: user)
    }
}

import Storage

/// Shorthand so tests need not import Storage's ChatKind name.
enum ChatKindShim {
    case privateChat, group
    var value: ChatKind { self == .group ? .group : .privateChat }
}
