import Foundation
import JSON
import Storage
import Support

/// Sends to a stored chat outside any handler, through the transport named by `chat.transport`.
///
/// It mirrors `ChatContext.send`: on transports without inline buttons, the buttons of a message
/// are remembered in the user's chat state so a typed number presses them.
public struct OutboundMessenger: Sendable {
    public let transports: TransportDirectory
    /// Where numbered choices are remembered (the chat state).
    public let store: any ChatStore
    public let clock: any WallClock

    public init(transports: TransportDirectory, store: any ChatStore, clock: any WallClock) {
        self.transports = transports
        self.store = store
        self.clock = clock
    }

    /// The address of a stored chat on its transport.
    public static func address(of chat: ChatRecord) -> ChatAddress {
        ChatAddress(transport: chat.transport, id: chat.externalID, kind: chat.kind, title: chat.title)
    }

    /// What the chat's transport can do; nil when that transport isn't running.
    public func capabilities(of chat: ChatRecord) -> TransportCapabilities? {
        transports.transport(named: chat.transport)?.capabilities
    }

    /// Sends `message` to `chat`; `userID` owns the numbered choices on button-less transports.
    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatRecord, userID: Int64?) async throws -> [MessageRef] {
        guard let transport = transports.transport(named: chat.transport) else {
            throw OutboundError.transportNotRunning(chat.transport)
        }
        // The numbers are remembered before the menu is shown, so an answer typed at once finds them.
        if !transport.capabilities.inlineButtons, let userID, let rows = message.buttons, !rows.isEmpty {
            let state = try await store.chatState(chatID: chat.id, userID: userID)
            try await store.setChatState(Choices.remember(rows, in: state), chatID: chat.id, userID: userID, now: clock.now())
        }
        return try await transport.send(message, to: Self.address(of: chat))
    }
}

/// Why an outbound message could not be sent.
public enum OutboundError: InternalError, Sendable, CustomStringConvertible {
    /// The chat belongs to a transport that is not running (e.g. Matrix is switched off).
    case transportNotRunning(String)

    public var description: String {
        switch self {
        case .transportNotRunning(let name): return "transport \(name) is not running"
        }
    }
}
