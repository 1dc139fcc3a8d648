import Foundation
import JSON

/// A chat on the fake Telegram server.
public struct FakeChat: Sendable, Hashable {
    public let id: Int64
    /// "private", "group" or "supergroup".
    public let type: String
    public let title: String?

    public init(id: Int64, type: String, title: String? = nil) {
        self.id = id
        self.type = type
        self.title = title
    }

    /// A private chat with a user (same id as the user, as on Telegram).
    public static func privateChat(_ user: FakeUser) -> FakeChat { FakeChat(id: user.id, type: "private") }
    /// A supergroup.
    public static func group(_ id: Int64, title: String = "Friends") -> FakeChat { FakeChat(id: id, type: "supergroup", title: title) }

    var json: JSON {
        var object: [String: JSON] = ["id": .int(id), "type": .string(type)]
        if let title { object[type == "private" ? "first_name" : "title"] = .string(title) }
        return .object(object)
    }
}

/// A person talking to the bot.
public struct FakeUser: Sendable, Hashable {
    public let id: Int64
    public let firstName: String
    public let username: String?
    /// The app language Telegram reports as `from.language_code` (e.g. "de", "pt-BR"); nil sends none.
    public let languageCode: String?

    public init(id: Int64, firstName: String, username: String? = nil, languageCode: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.username = username
        self.languageCode = languageCode
    }

    /// A default user.
    public static let ana = FakeUser(id: 1001, firstName: "Ana", username: "ana")
    /// A second user.
    public static let ben = FakeUser(id: 1002, firstName: "Ben", username: "ben")

    var json: JSON {
        var object: [String: JSON] = ["id": .int(id), "is_bot": false, "first_name": .string(firstName)]
        if let username { object["username"] = .string(username) }
        if let languageCode { object["language_code"] = .string(languageCode) }
        return .object(object)
    }
}

/// A fault the fake server answers instead of the real result.
public enum FakeTelegramFault: Sendable, Hashable {
    /// A Bot API error body with this code (and `parameters.retry_after` when given).
    case error(code: Int, description: String, retryAfter: Int? = nil)
    /// A 200 whose JSON body is cut off in the middle.
    case truncatedJSON
    /// A 502 with an HTML body, as a proxy in front of the API sends.
    case badGateway
}

/// One Bot API call the bot made, as the server received it.
public struct FakeBotCall: Sendable {
    public let method: String
    /// Parameters, with JSON-serialized fields parsed.
    public let parameters: [String: JSON]
    /// Names of uploaded file parts.
    public let fileFields: [String]
    /// The bytes of each uploaded file part, by field name (e.g. the picture in `photo`).
    public let files: [String: [UInt8]]
    /// How the body was encoded: "json", "form", "multipart" or "query".
    public let encoding: String
    public let at: Date
}

/// A message the bot sent, for checking the conversation.
public struct FakeSentMessage: Sendable {
    public let chatID: Int64
    public let messageID: Int64
    /// "text", "photo", "document" or "poll".
    public let kind: String
    /// Visible text (or caption) after HTML parsing.
    public var text: String
    /// The raw HTML as sent.
    public var html: String
    /// Inline buttons: title and callback data, row by row.
    public var buttons: [[(title: String, data: String)]]
    /// The message it replies to.
    public let replyTo: Int64?
    /// The album it belongs to.
    public let mediaGroupID: String?
    public let at: Date
    /// Deleted by the bot.
    public var deleted = false
    /// Edited by the bot.
    public var edits = 0
}

/// A webhook as setWebhook stored it.
public struct FakeWebhook: Sendable, Hashable {
    /// The HTTPS URL Telegram would post to.
    public let url: String
    /// The `secret_token` Telegram would send in `X-Telegram-Bot-Api-Secret-Token`.
    public let secretToken: String?
    /// At most this many deliveries at once.
    public let maxConnections: Int
    /// The update types posted (empty: all but the opt-in ones).
    public let allowedUpdates: [String]

    public init(url: String, secretToken: String? = nil, maxConnections: Int = 40, allowedUpdates: [String] = []) {
        self.url = url
        self.secretToken = secretToken
        self.maxConnections = maxConnections
        self.allowedUpdates = allowedUpdates
    }
}
