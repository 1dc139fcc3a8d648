import Chat
import Foundation
import JSON
import Storage

/// A room event as the shared inbox stores it (PostgreSQL, several workers): already decrypted and
/// classified by the elected worker, so any worker can handle it without the device's keys.
///
/// The form is the handlers' `ChatEvent` in JSON: room and kind, sender and display name, the event's
/// time, the event it replies to, and the payload (text, command, button, vote, or a photo with its
/// `mxc://` URI and, in an encrypted room, the attachment's key). Version 1; a reader refuses others.
public enum MatrixInboxEvent {
    /// The inbox network of Matrix events.
    public static let network = "matrix"
    /// The form's version, stored in every payload.
    static let version: Int64 = 1

    /// The inbox chat key of a room: one room's events are handled in order, by one worker at a time.
    public static func chatKey(room roomID: String) -> String { "matrix:\(roomID)" }

    /// The stored form of `event`; `media` describes its pictures (nil unless it is a photo).
    public static func encode(_ event: ChatEvent, media: [MatrixMedia]) -> JSON {
        var payload: JSON
        switch event.payload {
        case .text(let text): payload = ["type": "text", "text": .string(text)]
        case .command(let name, let arguments): payload = ["type": "command", "name": .string(name), "arguments": .string(arguments)]
        case .photos(_, let caption): payload = ["type": "photos", "caption": JSON(caption), "media": .array(media.map(encode))]
        case .button(let token): payload = ["type": "button", "token": .string(token)]
        case .vote(let pollID, let options): payload = ["type": "vote", "poll": .string(pollID), "options": .array(options.map { JSON($0) })]
        case .other(let kind): payload = ["type": "other", "kind": .string(kind)]
        }
        return [
            "v": .int(version), "id": .string(event.id), "room": .string(event.chat.id), "room_kind": .string(event.chat.kind.rawValue),
            "sender": .string(event.sender.id), "sender_name": JSON(event.sender.displayName),
            "message": JSON(event.message?.messageID), "reply_to": JSON(event.replyTo?.messageID),
            "ts": .double(event.date.timeIntervalSince1970), "payload": payload,
        ]
    }

    /// The event stored as `json`; photos load through `mapper` (its download, its size limit).
    public static func decode(_ json: JSON, mapper: EventMapper, transport: String = "matrix") throws -> ChatEvent {
        guard json["v"]?.int == version else { throw MatrixError.local("an inbox event of an unknown form (v \(json["v"]?.int ?? 0))") }
        guard let id = json["id"]?.string, let room = json["room"]?.string, let sender = json["sender"]?.string,
            let kind = json["room_kind"]?.string.flatMap(ChatKind.init(rawValue:)), let body = json["payload"]
        else { throw MatrixError.local("an inbox event without its id, room, kind, sender or payload") }
        let payload: EventPayload
        switch body["type"]?.string {
        case "text":
            guard let text = body["text"]?.string else { throw MatrixError.local("an inbox text without text") }
            payload = .text(text)
        case "command":
            guard let name = body["name"]?.string else { throw MatrixError.local("an inbox command without a name") }
            payload = .command(name: name, arguments: body["arguments"]?.string ?? "")
        case "photos":
            let media = try (body["media"]?.array ?? []).map(decodeMedia)
            guard !media.isEmpty else { throw MatrixError.local("an inbox photo without a picture") }
            payload = .photos(media.map(mapper.attachment), caption: body["caption"]?.string)
        case "button":
            guard let token = body["token"]?.string else { throw MatrixError.local("an inbox button without a token") }
            payload = .button(token: token)
        case "vote":
            guard let poll = body["poll"]?.string else { throw MatrixError.local("an inbox vote without its poll") }
            payload = .vote(pollID: poll, options: (body["options"]?.array ?? []).compactMap { $0.int.map(Int.init) })
        case "other":
            payload = .other(kind: body["kind"]?.string ?? "")
        default:
            throw MatrixError.local("an inbox event of an unknown type")
        }
        let chat = ChatAddress(transport: transport, id: room, kind: kind)
        return ChatEvent(
            id: id, chat: chat, sender: Sender(id: sender, displayName: json["sender_name"]?.string), payload: payload,
            message: json["message"]?.string.map { MessageRef(chatID: room, messageID: $0) },
            replyTo: json["reply_to"]?.string.map { MessageRef(chatID: room, messageID: $0) },
            date: Date(timeIntervalSince1970: json["ts"]?.double ?? 0))
    }

    private static func encode(_ media: MatrixMedia) -> JSON {
        [
            "url": .string(media.url), "mimetype": JSON(media.mimeType), "size": JSON(media.byteCount), "filename": JSON(media.fileName),
            "caption": JSON(media.caption), "file": media.file ?? .null,
        ]
    }

    private static func decodeMedia(_ json: JSON) throws -> MatrixMedia {
        guard let url = json["url"]?.string, url.hasPrefix("mxc://") else { throw MatrixError.local("an inbox picture without an mxc URI") }
        // A stored null is a plain upload (`nil` would read as JSON's own null literal in a closure here).
        let stored = json["file"]
        let file: JSON? = stored?.isNull == false ? stored : nil
        return MatrixMedia(
            url: url, mimeType: json["mimetype"]?.string, byteCount: json["size"]?.int.map(Int.init), fileName: json["filename"]?.string,
            caption: json["caption"]?.string, file: file)
    }
}
