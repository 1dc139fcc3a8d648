import Foundation
import JSON
import Support

/// Why a stored message could not be read back (a damaged outbox row: the operator's, never a chat's).
public struct OutboxCodecError: InternalError, Sendable, CustomStringConvertible {
    public let description: String
}

/// An `OutgoingMessage` as an outbox row stores it: a JSON payload plus its binary parts in order.
public struct StoredMessage: Sendable {
    public let payload: JSON
    public let files: [[UInt8]]

    public init(payload: JSON, files: [[UInt8]]) {
        self.payload = payload
        self.files = files
    }

    /// The message's shape without its bytes (empty files), for deciding how to queue it.
    public static func withoutFiles(_ payload: JSON) -> StoredMessage {
        let count = payload["kind"]?.string == "document" ? 1 : (payload["images"]?.array?.count ?? 0)
        return StoredMessage(payload: payload, files: Array(repeating: [], count: min(count, 100)))
    }
}

extension MessageRef {
    private static let pendingPrefix = "outbox:"

    /// The reference a sender hands out before the message is posted: the `index`-th message the
    /// outbox row `txnID` will post. The sender swaps it for the real id when it is needed.
    public static func pending(chatID: String, txnID: String, index: Int) -> MessageRef {
        MessageRef(chatID: chatID, messageID: "\(pendingPrefix)\(txnID):\(index)")
    }

    /// The outbox row and position this reference stands for, when it is a pending reference.
    public var pending: (txnID: String, index: Int)? {
        guard messageID.hasPrefix(MessageRef.pendingPrefix), let colon = messageID.lastIndex(of: ":"),
              let index = Int(messageID[messageID.index(after: colon)...]), (0..<10_000).contains(index) else { return nil }
        let txn = messageID[messageID.index(messageID.startIndex, offsetBy: MessageRef.pendingPrefix.count)..<colon]
        return txn.isEmpty ? nil : (String(txn), index)
    }
}

extension OutgoingMessage {
    /// True for messages that are only a passing signal (a chat action): never persisted, never repeated.
    public var isEphemeral: Bool {
        if case .action = self { return true }
        return false
    }

    /// Edits change a message already posted; a newer edit of the same message makes an unsent older one pointless.
    public var editTarget: MessageRef? {
        switch self {
        case .edit(let ref, _, _), .editButtons(let ref, _): return ref
        default: return nil
        }
    }

    /// The row form: JSON for everything but image and file bytes, which go in `files`.
    public func stored() -> StoredMessage {
        var files: [[UInt8]] = []
        func ref(_ ref: MessageRef) -> JSON { ["chat": .string(ref.chatID), "id": .string(ref.messageID)] }
        func image(_ image: OutgoingImage) -> JSON {
            files.append(image.bytes)
            return [
                "file": .int(Int64(files.count - 1)), "mime": .string(image.mimeType), "sha256": JSON(image.sha256),
                "caption": image.caption.map(OutgoingMessage.text) ?? .null, "width": JSON(image.width), "height": JSON(image.height),
            ]
        }
        let payload: JSON
        switch self {
        case .text(let text, let buttons, let replyTo):
            payload = ["kind": "text", "text": Self.text(text), "buttons": Self.rows(buttons), "reply_to": replyTo.map(ref) ?? .null]
        case .photos(let images, let caption, let buttons):
            payload = ["kind": "photos", "images": .array(images.map(image)), "caption": caption.map(Self.text) ?? .null, "buttons": Self.rows(buttons)]
        case .edit(let target, let text, let buttons):
            payload = ["kind": "edit", "target": ref(target), "text": Self.text(text), "buttons": Self.rows(buttons)]
        case .editButtons(let target, let buttons):
            payload = ["kind": "edit_buttons", "target": ref(target), "buttons": Self.rows(buttons)]
        case .delete(let target):
            payload = ["kind": "delete", "target": ref(target)]
        case .document(let name, let bytes, let mime, let caption):
            files.append(bytes)
            payload = ["kind": "document", "name": .string(name), "mime": .string(mime), "file": 0, "caption": caption.map(Self.text) ?? .null]
        case .poll(let question, let options, let closeDate):
            payload = [
                "kind": "poll", "question": .string(question), "options": .array(options.map(JSON.string)),
                "close_date": JSON(closeDate?.timeIntervalSince1970),
            ]
        case .stopPoll(let target):
            payload = ["kind": "stop_poll", "target": ref(target)]
        case .action(let action):
            payload = ["kind": "action", "action": .string(action.rawValue)]
        case .answerButton(let id, let notice):
            payload = ["kind": "answer_button", "callback": .string(id), "notice": JSON(notice)]
        }
        return StoredMessage(payload: payload, files: files)
    }

    /// Reads a stored row back; anything malformed is an error, never a guess.
    public init(stored: StoredMessage) throws(OutboxCodecError) {
        let p = stored.payload
        func string(_ value: JSON?, _ name: String) throws(OutboxCodecError) -> String {
            guard let text = value?.string else { throw OutboxCodecError(description: "stored message has no \(name)") }
            return text
        }
        func ref(_ value: JSON?) throws(OutboxCodecError) -> MessageRef {
            MessageRef(chatID: try string(value?["chat"], "chat"), messageID: try string(value?["id"], "message id"))
        }
        func file(_ value: JSON?) throws(OutboxCodecError) -> [UInt8] {
            guard let index = value?.int, index >= 0, index < Int64(stored.files.count) else {
                throw OutboxCodecError(description: "stored message names a missing file")
            }
            return stored.files[Int(index)]
        }
        switch try string(p["kind"], "kind") {
        case "text":
            self = .text(try Self.storedText(p["text"]), buttons: try Self.buttons(p["buttons"]), replyTo: p["reply_to"]?.isNull == false ? try ref(p["reply_to"]) : nil)
        case "photos":
            var images: [OutgoingImage] = []
            for item in p["images"]?.array ?? [] {
                images.append(OutgoingImage(
                    bytes: try file(item["file"]), mimeType: try string(item["mime"], "mime type"), sha256: item["sha256"]?.string,
                    caption: item["caption"]?.isNull == false ? try Self.storedText(item["caption"]) : nil,
                    width: item["width"]?.int.map(Int.init), height: item["height"]?.int.map(Int.init)))
            }
            self = .photos(images, caption: p["caption"]?.isNull == false ? try Self.storedText(p["caption"]) : nil, buttons: try Self.buttons(p["buttons"]))
        case "edit":
            self = .edit(try ref(p["target"]), try Self.storedText(p["text"]), buttons: try Self.buttons(p["buttons"]))
        case "edit_buttons":
            self = .editButtons(try ref(p["target"]), try Self.buttons(p["buttons"]))
        case "delete":
            self = .delete(try ref(p["target"]))
        case "document":
            self = .document(
                fileName: try string(p["name"], "file name"), bytes: try file(p["file"]), mimeType: try string(p["mime"], "mime type"),
                caption: p["caption"]?.isNull == false ? try Self.storedText(p["caption"]) : nil)
        case "poll":
            let close = p["close_date"]?.double.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
            self = .poll(question: try string(p["question"], "question"), options: (p["options"]?.array ?? []).compactMap(\.string), closeDate: close)
        case "stop_poll":
            self = .stopPoll(try ref(p["target"]))
        case "action":
            self = .action(ChatAction(rawValue: try string(p["action"], "action")) ?? .typing)
        case "answer_button":
            self = .answerButton(callbackID: try string(p["callback"], "callback id"), notice: p["notice"]?.string)
        case let other:
            throw OutboxCodecError(description: "stored message of unknown kind \(other)")
        }
    }

    private static func rows(_ rows: [[Button]]) -> JSON {
        .array(rows.map { .array($0.map { ["title": .string($0.title), "token": .string($0.token)] }) })
    }

    private static func buttons(_ value: JSON?) throws(OutboxCodecError) -> [[Button]] {
        var rows: [[Button]] = []
        for row in value?.array ?? [] {
            var buttons: [Button] = []
            for item in row.array ?? [] {
                guard let title = item["title"]?.string, let token = item["token"]?.string else {
                    throw OutboxCodecError(description: "stored button is incomplete")
                }
                buttons.append(Button(title: title, token: token))
            }
            rows.append(buttons)
        }
        return rows
    }

    /// Text as stored: one string per run, its first character the style ("p" plain, "b" bold, "i" italic,
    /// "c" code, "l" a link's text, then "u" its address as the next string). One JSON string per run is
    /// the cheapest form to write and read; every reply of a busy bot passes through it.
    static func text(_ text: RichText) -> JSON {
        var runs: [JSON] = []
        runs.reserveCapacity(text.segments.count)
        for segment in text.segments {
            switch segment {
            case .plain(let value): runs.append(.string("p" + value))
            case .bold(let value): runs.append(.string("b" + value))
            case .italic(let value): runs.append(.string("i" + value))
            case .code(let value): runs.append(.string("c" + value))
            case .link(let value, let url):
                runs.append(.string("l" + value))
                runs.append(.string("u" + url))
            }
        }
        return .array(runs)
    }

    /// Stored text read back: the runs `text(_:)` writes, or the objects of rows written before it (`{"p": …}`).
    public static func storedText(_ value: JSON?) throws(OutboxCodecError) -> RichText {
        guard let items = value?.array else { throw OutboxCodecError(description: "stored text is missing") }
        var segments: [RichText.Segment] = []
        segments.reserveCapacity(items.count)
        var index = 0
        while index < items.count {
            let item = items[index]
            index += 1
            guard let run = item.string else {
                segments.append(try olderRun(item))
                continue
            }
            guard let style = run.first else { throw OutboxCodecError(description: "stored text has an empty run") }
            let value = String(run.dropFirst())
            switch style {
            case "p": segments.append(.plain(value))
            case "b": segments.append(.bold(value))
            case "i": segments.append(.italic(value))
            case "c": segments.append(.code(value))
            case "l":
                guard index < items.count, let address = items[index].string, address.first == "u" else {
                    throw OutboxCodecError(description: "stored link has no address")
                }
                index += 1
                segments.append(.link(value, url: String(address.dropFirst())))
            default: throw OutboxCodecError(description: "stored text has an unknown run")
            }
        }
        return RichText(segments)
    }

    /// One run as rows written before the compact form stored it.
    private static func olderRun(_ item: JSON) throws(OutboxCodecError) -> RichText.Segment {
        if let text = item["p"]?.string { return .plain(text) }
        if let text = item["b"]?.string { return .bold(text) }
        if let text = item["i"]?.string { return .italic(text) }
        if let text = item["c"]?.string { return .code(text) }
        if let text = item["l"]?.string, let url = item["u"]?.string { return .link(text, url: url) }
        throw OutboxCodecError(description: "stored text has an unknown run")
    }
}
