import Chat
import Foundation
import JSON
import MatrixCrypto

/// One timeline event, classified.
public enum IncomingEvent: Sendable {
    /// A message for the router.
    case message(ChatEvent)
    /// An `m.annotation` reaction with `key` on the event `target`.
    case reaction(id: String, sender: String, target: String, key: String)
    /// A redaction of the event `redacts`.
    case redaction(id: String, sender: String, redacts: String)
    /// Nothing the bot answers (its own events, notices, edits, state, unknown types).
    case ignored
}

/// Turns timeline JSON into `IncomingEvent`s; pure apart from the lazy image download it wires in.
public struct EventMapper: Sendable {
    /// The bot's user id: its own events are ignored.
    public let botUserID: String
    /// Largest image accepted (checked against the declared size before downloading).
    public let maxDownloadBytes: Int
    /// Downloads an `mxc://` URI.
    public let download: @Sendable (String) async throws -> [UInt8]

    /// A mapper for `botUserID`.
    public init(botUserID: String, maxDownloadBytes: Int, download: @escaping @Sendable (String) async throws -> [UInt8]) {
        self.botUserID = botUserID
        self.maxDownloadBytes = maxDownloadBytes
        self.download = download
    }

    /// Classifies one event of `chat`.
    public func map(_ event: JSON, in chat: ChatAddress) -> IncomingEvent {
        guard let id = event["event_id"]?.string, let sender = event["sender"]?.string, sender != botUserID else { return .ignored }
        let content = event["content"] ?? [:]
        switch event["type"]?.string {
        case "m.reaction":
            let relation = content["m.relates_to"]
            guard relation?["rel_type"]?.string == "m.annotation", let target = relation?["event_id"]?.string,
                let key = relation?["key"]?.string
            else { return .ignored }
            return .reaction(id: id, sender: sender, target: target, key: key)
        case "m.room.redaction":
            guard let redacts = event["redacts"]?.string ?? content["redacts"]?.string else { return .ignored }
            return .redaction(id: id, sender: sender, redacts: redacts)
        case "m.room.message", "m.sticker":
            guard let payload = event["type"]?.string == "m.sticker" ? .other(kind: "m.sticker") : payload(content) else { return .ignored }
            let date = event["origin_server_ts"]?.double.map { Date(timeIntervalSince1970: $0 / 1000) } ?? Date()
            let replyTo = content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string.map { MessageRef(chatID: chat.id, messageID: $0) }
            return .message(ChatEvent(
                id: id, chat: chat, sender: Sender(id: sender), payload: payload,
                message: MessageRef(chatID: chat.id, messageID: id), replyTo: replyTo, date: date))
        default:
            return .ignored
        }
    }

    /// The payload of an `m.room.message` content, or nil for notices, edits and unsupported types.
    func payload(_ content: JSON) -> EventPayload? {
        // Edits repeat a message the bot has already seen.
        if content["m.relates_to"]?["rel_type"]?.string == "m.replace" { return nil }
        guard let body = content["body"]?.string else { return nil }
        switch content["msgtype"]?.string {
        case "m.text", "m.emote":
            let text = content["m.relates_to"]?["m.in_reply_to"] != nil ? EventMapper.strippingReplyFallback(body) : body
            if let command = CommandParser.parse(text, botUsername: nil) {
                return .command(name: command.name, arguments: command.arguments)
            }
            return .text(text)
        case "m.image":
            return photo(content, body: body)
        case "m.file" where content["info"]?["mimetype"]?.string?.hasPrefix("image/") == true:
            return photo(content, body: body)
        case "m.file" where content["info"]?["mimetype"]?.string == nil && Self.namesAnImage(content["filename"]?.string ?? body):
            // A file sent without its type but named like a picture is tried as one; decoding says if it is not.
            return photo(content, body: body)
        case "m.file", "m.audio", "m.video", "m.location":
            // Sent to the bot, but nothing it can use: the router says what it can (in a direct chat).
            return .other(kind: content["msgtype"]?.string ?? "")
        default:
            return nil
        }
    }

    private func photo(_ content: JSON, body: String) -> EventPayload? {
        guard let media = MatrixMedia(content: content, body: body) else { return nil }
        return .photos([attachment(for: media)], caption: media.caption)
    }

    /// The attachment of `media`: its bytes are downloaded (and decrypted, for an encrypted room) when a handler asks.
    public func attachment(for media: MatrixMedia) -> Attachment {
        let limit = maxDownloadBytes
        let download = self.download
        return Attachment(id: media.url, mimeType: media.mimeType, byteCount: media.byteCount, fileName: media.fileName) {
            if let size = media.byteCount, size > limit { throw MatrixError.mediaTooLarge(limit: limit) }
            let bytes = try await download(media.url)
            guard let file = media.file else { return bytes }
            do {
                return try EncryptedAttachment.open(bytes, file: file)
            } catch {
                throw MatrixError.undecryptableMedia("\(error)")
            }
        }
    }

    /// Whether a file name ends like a picture's ("IMG_0042.JPG", "look.webp").
    static func namesAnImage(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [".jpg", ".jpeg", ".png", ".webp", ".gif", ".heic", ".heif", ".avif", ".tif", ".tiff"].contains { lowered.hasSuffix($0) }
    }

    /// Removes the `> <@user> quoted` lines some clients put before a reply's text.
    static func strippingReplyFallback(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("> ") == true else { return body }
        while let first = lines.first, first.hasPrefix(">") { lines.removeFirst() }
        if lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }
}

/// The picture of an `m.image` (or image `m.file`) event: where it is, what it is, and for an encrypted
/// room the key to open it. Everything a worker needs to load it later, also on another machine.
public struct MatrixMedia: Sendable, Hashable {
    /// The `mxc://` URI.
    public let url: String
    /// The declared mime type.
    public let mimeType: String?
    /// The declared size in bytes (checked against the limit before downloading).
    public let byteCount: Int?
    /// The file name (`filename`, else `body`).
    public let fileName: String?
    /// The caption, when the message has one.
    public let caption: String?
    /// The encrypted-attachment `file` object (URL, JWK key, IV, hash), nil for a plain upload.
    public let file: JSON?

    /// A descriptor with the given fields.
    public init(url: String, mimeType: String?, byteCount: Int?, fileName: String?, caption: String?, file: JSON?) {
        self.url = url
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.fileName = fileName
        self.caption = caption
        self.file = file
    }

    /// The picture of an `m.image` (or image `m.file`) content, or nil when it names none.
    public init?(content: JSON) {
        self.init(content: content, body: content["body"]?.string ?? "")
    }

    /// The picture of a message content, or nil when it names none.
    init?(content: JSON, body: String) {
        // In an encrypted room the picture is an encrypted attachment: `file` holds its URL, key, IV and hash.
        let file = content["file"]
        guard let url = content["url"]?.string ?? file?["url"]?.string else { return nil }
        let info = content["info"]
        let fileName = content["filename"]?.string
        // Since Matrix 1.10 a `filename` different from `body` makes `body` the caption.
        self.init(
            url: url, mimeType: info?["mimetype"]?.string, byteCount: info?["size"]?.int.map(Int.init), fileName: fileName ?? body,
            caption: fileName.flatMap { $0 != body && !body.isEmpty ? body : nil }, file: file)
    }
}
