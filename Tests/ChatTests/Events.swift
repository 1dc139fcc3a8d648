import Chat
import Foundation

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
