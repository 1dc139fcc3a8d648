import Foundation
import JSON

/// A person, one per transport identity (e.g. `telegram:123456789`).
public struct UserRecord: Sendable, Hashable {
    public let id: Int64
    public let transport: String
    public let externalID: String
    public var displayName: String?
    /// Per-user preferences (service, prompt, usual occasion…).
    public var settings: JSON

    public init(id: Int64, transport: String, externalID: String, displayName: String?, settings: JSON) {
        self.id = id
        self.transport = transport
        self.externalID = externalID
        self.displayName = displayName
        self.settings = settings
    }

    /// The stable identity string, e.g. `telegram:123456789` or `matrix:@ana:example.org`.
    public var key: String { "\(transport):\(externalID)" }
}

/// Whether a chat is one-to-one or has several members.
public enum ChatKind: String, Sendable, Hashable {
    case privateChat = "private"
    case group
}

/// A conversation: a private chat, a group or a Matrix room.
public struct ChatRecord: Sendable, Hashable {
    public let id: Int64
    public let transport: String
    public let externalID: String
    public var kind: ChatKind
    public var title: String?
    /// Per-chat settings (time zone, voting window…).
    public var settings: JSON

    public init(id: Int64, transport: String, externalID: String, kind: ChatKind, title: String?, settings: JSON) {
        self.id = id
        self.transport = transport
        self.externalID = externalID
        self.kind = kind
        self.title = title
        self.settings = settings
    }
}

/// A stored image's row.
public struct ImageRecord: Sendable, Hashable {
    public let id: Int64
    public let userID: Int64
    public let sha256: String
    public let mimeType: String
    public let width: Int?
    public let height: Int?
    public let byteCount: Int

    /// A record with every field given (the PostgreSQL store builds them too).
    public init(id: Int64, userID: Int64, sha256: String, mimeType: String, width: Int?, height: Int?, byteCount: Int) {
        self.id = id
        self.userID = userID
        self.sha256 = sha256
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }
}

/// Server-side state behind a button; the button itself carries only `token`.
public struct ButtonRecord: Sendable, Hashable {
    public let token: String
    public let chatID: Int64
    /// Only this user may press it; nil means anyone in the chat.
    public let userID: Int64?
    public let action: String
    public let payload: JSON
    public let expiresAt: Date

    /// How long a button stays live unless its maker says otherwise: a week.
    public static let defaultLifetime: TimeInterval = 7 * 86_400

    public init(token: String, chatID: Int64, userID: Int64?, action: String, payload: JSON, expiresAt: Date) {
        self.token = token
        self.chatID = chatID
        self.userID = userID
        self.action = action
        self.payload = payload
        self.expiresAt = expiresAt
    }
}
