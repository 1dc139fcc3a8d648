import Foundation
import JSON

/// The parts of a Bot API `Message` the worker uses.
struct TelegramMessage: Sendable {
    /// One size of a photo (`PhotoSize`).
    struct PhotoSize: Sendable, Hashable {
        let fileID: String
        let width: Int
        let height: Int
        let fileSize: Int?
    }

    /// A file sent as a document (`Document`).
    struct Document: Sendable, Hashable {
        let fileID: String
        let fileName: String?
        let mimeType: String?
        let fileSize: Int?
    }

    /// A text entity, e.g. a mention (`MessageEntity`), with UTF-16 offsets.
    struct Entity: Sendable, Hashable {
        let type: String
        let offset: Int
        let length: Int
    }

    let messageID: Int64
    let chatID: Int64
    let chatType: String
    let chatTitle: String?
    let fromID: Int64?
    let fromName: String?
    let fromIsBot: Bool
    /// The sender's app language (`from.language_code`, an IETF tag such as "de" or "pt-BR"), if sent.
    let fromLanguage: String?
    let date: Date
    let text: String?
    let caption: String?
    let entities: [Entity]
    let photo: [PhotoSize]
    let document: Document?
    let mediaGroupID: String?
    let replyToMessageID: Int64?
    let replyToFromID: Int64?
    /// What else the message carries when it is none of text, photo or document (a sticker, voice note,
    /// location…): the Bot API field's name, for a reply that says the bot can't use it.
    let otherContent: String?

    /// Reads a message object; nil when it lacks the required ids.
    init?(_ json: JSON) {
        guard let messageID = json["message_id"]?.int, let chat = json["chat"], let chatID = chat["id"]?.int else { return nil }
        self.messageID = messageID
        self.chatID = chatID
        chatType = chat["type"]?.string ?? "private"
        chatTitle = chat["title"]?.string ?? chat["first_name"]?.string
        fromID = json["from"]?["id"]?.int
        fromName = json["from"].flatMap(TelegramMessage.name(of:))
        fromIsBot = json["from"]?["is_bot"]?.bool ?? false
        fromLanguage = json["from"]?["language_code"]?.string
        date = Date(timeIntervalSince1970: Double(json["date"]?.int ?? 0))
        text = json["text"]?.string
        caption = json["caption"]?.string
        entities = (json["entities"]?.array ?? json["caption_entities"]?.array ?? []).compactMap { entity in
            guard let type = entity["type"]?.string, let offset = entity["offset"]?.int, let length = entity["length"]?.int else { return nil }
            return Entity(type: type, offset: Int(offset), length: Int(length))
        }
        photo = (json["photo"]?.array ?? []).compactMap { size in
            // Sides outside 0...maxPhotoSide are a malformed size; dropping it keeps width × height from overflowing.
            guard let id = size["file_id"]?.string, let width = Self.side(size["width"]), let height = Self.side(size["height"])
            else { return nil }
            return PhotoSize(fileID: id, width: width, height: height, fileSize: TelegramMessage.fileSize(size["file_size"]))
        }
        document = json["document"].flatMap { document in
            document["file_id"]?.string.map { id in
                Document(
                    fileID: id, fileName: document["file_name"]?.string, mimeType: document["mime_type"]?.string,
                    fileSize: TelegramMessage.fileSize(document["file_size"]))
            }
        }
        mediaGroupID = json["media_group_id"]?.string
        replyToMessageID = json["reply_to_message"]?["message_id"]?.int
        replyToFromID = json["reply_to_message"]?["from"]?["id"]?.int
        otherContent = Self.otherContentFields.first { json[$0] != nil }
    }

    /// Message contents a person sends that the bot has no use for (service messages are not among them).
    static let otherContentFields = [
        "sticker", "voice", "video", "video_note", "audio", "animation", "location", "venue", "contact", "dice", "poll", "game", "story",
    ]

    /// The longest photo side taken from an update; Telegram's own limit is far below it.
    static let maxPhotoSide: Int64 = 1_000_000

    /// A `PhotoSize` side: 0 when missing, nil when outside 0...maxPhotoSide.
    private static func side(_ value: JSON?) -> Int? {
        guard let value else { return 0 }
        guard let side = value.int, (0...maxPhotoSide).contains(side) else { return nil }
        return Int(side)
    }

    /// "First Last" of a `User`.
    static func name(of user: JSON) -> String? {
        let parts = [user["first_name"]?.string, user["last_name"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? user["username"]?.string : parts.joined(separator: " ")
    }

    /// Private chats are one-to-one; groups, supergroups and channels have members.
    var isPrivate: Bool { chatType == "private" }

    /// The text or caption.
    var body: String? { text ?? caption }
}

extension TelegramMessage {
    /// A declared file size, when it is one (0 … 4 GB); anything else counts as unknown, and the
    /// download's own size cap still applies.
    static func fileSize(_ value: JSON?) -> Int? {
        guard let size = value?.int, (0...4_000_000_000).contains(size) else { return nil }
        return Int(size)
    }
}
