import Foundation

/// One incoming update or event, as a transport hands it to the inbox; bounded where it enters.
public struct InboxEntry: Sendable, Hashable {
    /// The longest external id or chat key accepted.
    public static let maximumKeyLength = 256
    /// The largest payload accepted, in UTF-8 bytes (Telegram updates and Matrix events are far smaller).
    public static let maximumPayloadBytes = 1 << 20

    /// The network's own id (Telegram `update_id`, Matrix `event_id`): the same id is stored once.
    public let externalID: String
    /// The chat it belongs to, e.g. `telegram:123`; one chat's entries are handled in order.
    public let chatKey: String
    /// The update as JSON text; the server refuses text that is not JSON.
    public let payload: String

    /// An entry, refused when a field is empty or too long.
    public init(externalID: String, chatKey: String, payload: String) throws(ScaleError) {
        guard (1...Self.maximumKeyLength).contains(externalID.utf8.count) else {
            throw ScaleError.invalidInput("an inbox external id must have 1–\(Self.maximumKeyLength) bytes")
        }
        guard (1...Self.maximumKeyLength).contains(chatKey.utf8.count) else {
            throw ScaleError.invalidInput("an inbox chat key must have 1–\(Self.maximumKeyLength) bytes")
        }
        guard (1...Self.maximumPayloadBytes).contains(payload.utf8.count) else {
            throw ScaleError.invalidInput("an inbox payload must have 1–\(Self.maximumPayloadBytes) bytes")
        }
        self.externalID = externalID
        self.chatKey = chatKey
        self.payload = payload
    }
}

/// An inbox row a worker has claimed.
public struct InboxMessage: Sendable, Hashable {
    /// The row id; ids grow in arrival order, which is the order within a chat.
    public let id: Int64
    /// The network it came from, e.g. `telegram`.
    public let network: String
    /// The network's own id.
    public let externalID: String
    /// The chat it belongs to.
    public let chatKey: String
    /// The update as JSON text.
    public let payload: String
    /// How many times it has been claimed, this claim included (1 the first time).
    public let attempt: Int
    /// When it was written to the inbox.
    public let receivedAt: Date
}

/// What `Inbox.claimNext` hands a worker.
public enum InboxClaim: Sendable, Hashable {
    /// Handle this message, then `markDone`; the chat is leased to this worker meanwhile.
    case handle(InboxMessage)
    /// This message was claimed `maxAttempts` times without finishing (it crashed workers): it is
    /// set aside and its chat released; tell the chat once, then claim again.
    case setAside(InboxMessage)

    /// The message either way.
    public var message: InboxMessage {
        switch self {
        case .handle(let message), .setAside(let message): message
        }
    }
}

/// Queue depth for health checks and metrics.
public struct InboxStatistics: Sendable, Hashable {
    /// Messages waiting or in progress.
    public let pending: Int
    /// Messages set aside after crashing workers.
    public let setAside: Int
    /// When the oldest pending message arrived, if any is pending.
    public let oldestPending: Date?
}
