import Foundation

/// A tappable choice. Its token points to server-side state (`Store.createButton`).
public struct Button: Sendable, Hashable {
    public let title: String
    public let token: String

    public init(title: String, token: String) {
        self.title = title
        self.token = token
    }
}

/// An image to send; `sha256` lets a transport reuse an earlier upload (Telegram file_id cache).
public struct OutgoingImage: Sendable {
    public let bytes: [UInt8]
    public let mimeType: String
    public let sha256: String?
    public let caption: RichText?
    public let width: Int?
    public let height: Int?

    public init(bytes: [UInt8], mimeType: String, sha256: String? = nil, caption: RichText? = nil, width: Int? = nil, height: Int? = nil) {
        self.bytes = bytes
        self.mimeType = mimeType
        self.sha256 = sha256
        self.caption = caption
        self.width = width
        self.height = height
    }
}

/// Long-running work the user should see ("sending photo…").
public enum ChatAction: String, Sendable {
    case typing
    case uploadPhoto = "upload_photo"
}

/// Something the bot sends.
public enum OutgoingMessage: Sendable {
    /// Text with optional rows of buttons, optionally as a reply.
    case text(RichText, buttons: [[Button]] = [], replyTo: MessageRef? = nil)
    /// One photo, or an album of 2–10, with a caption and buttons (sent after an album).
    case photos([OutgoingImage], caption: RichText? = nil, buttons: [[Button]] = [])
    /// Replaces the text (and buttons) of an earlier message.
    case edit(MessageRef, RichText, buttons: [[Button]] = [])
    /// Replaces only the buttons of an earlier message.
    case editButtons(MessageRef, [[Button]])
    /// Removes a message (e.g. one that carried a secret).
    case delete(MessageRef)
    /// A file, e.g. the closet export.
    case document(fileName: String, bytes: [UInt8], mimeType: String, caption: RichText? = nil)
    /// A non-anonymous poll for group voting.
    case poll(question: String, options: [String], closeDate: Date?)
    /// Closes a poll sent earlier.
    case stopPoll(MessageRef)
    /// Shows a chat action such as "sending photo…".
    case action(ChatAction)
    /// Acknowledges a button press (Telegram `answerCallbackQuery`), with an optional short notice.
    case answerButton(callbackID: String, notice: String?)
}

extension OutgoingMessage {
    /// The buttons this message carries, if it can carry any.
    public var buttons: [[Button]]? {
        switch self {
        case .text(_, let buttons, _), .photos(_, _, let buttons), .edit(_, _, let buttons): return buttons
        case .editButtons(_, let buttons): return buttons
        default: return nil
        }
    }
}
