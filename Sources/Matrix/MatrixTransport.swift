import Chat
import Foundation
import Images
import JSON
import MatrixCrypto
import Storage
import Support

/// Sends the bot's messages to Matrix rooms: `m.notice` text with numbered choices, images, edits, redactions.
public final class MatrixTransport: ChatTransport {
    public let name = "matrix"
    /// No inline buttons or native polls; edits and redactions work (redaction needs the room's power level).
    public let capabilities = TransportCapabilities(inlineButtons: false, edits: true, polls: false, deletesUserMessages: true)
    let outbox: MatrixOutbox
    let client: MatrixClient
    let store: any MatrixStore
    let userID: String
    let logger: Logger
    /// The bot's own Matrix id.
    public var botUserID: String? { userID }
    let clock: any WallClock
    /// Makes the thumbnails sent with images.
    let images = ImageProcessor()

    /// A transport sending through `outbox`.
    public init(outbox: MatrixOutbox, userID: String, logger: Logger) {
        self.outbox = outbox
        self.client = outbox.client
        self.store = outbox.store
        self.userID = userID
        self.logger = logger
        self.clock = outbox.clock
    }

    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        try await send(message, to: chat, names: nil)
    }

    /// Sends one message whose transaction ids come from `names` (nil: the room's attributed or random ids).
    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress, names: TransactionNames?) async throws -> [MessageRef] {
        let room = chat.id
        switch message {
        case .text(let text, let buttons, let replyTo):
            let id = try await sendMessage(MessageFormatter.notice(text, buttons: buttons, replyTo: replyTo?.messageID), room: room, names: names)
            try await record(buttons, on: id, room: room)
            return [MessageRef(chatID: room, messageID: id)]
        case .photos(let images, let caption, let buttons):
            var refs: [MessageRef] = []
            for (index, image) in images.enumerated() {
                refs.append(MessageRef(chatID: room, messageID: try await sendImage(image, number: index + 1, room: room, names: names)))
            }
            if caption != nil || !buttons.isEmpty {
                let id = try await sendMessage(MessageFormatter.notice(caption ?? "", buttons: buttons), room: room, names: names)
                try await record(buttons, on: id, room: room)
                refs.append(MessageRef(chatID: room, messageID: id))
            }
            return refs
        case .edit(let ref, let text, let buttons):
            _ = try await sendMessage(MessageFormatter.edit(ref.messageID, text, buttons: buttons), room: room, names: names)
            // Reactions land on the original event, so its recorded choices follow the edit.
            if buttons.isEmpty {
                try await store.deleteChoices(transport: name, messageID: ref.messageID)
            } else {
                try await record(buttons, on: ref.messageID, room: room)
            }
            return [ref]
        case .editButtons(let ref, let buttons):
            // An edit needs the whole text, which is not at hand: offer the new choices in a reply instead.
            try await store.deleteChoices(transport: name, messageID: ref.messageID)
            guard !buttons.isEmpty else { return [ref] }
            let id = try await sendMessage(MessageFormatter.notice("", buttons: buttons, replyTo: ref.messageID), room: room, names: names)
            try await record(buttons, on: id, room: room)
            return [MessageRef(chatID: room, messageID: id)]
        case .delete(let ref):
            try await outbox.redact(eventID: ref.messageID, room: room, names: names)
            return []
        case .document(let fileName, let bytes, let mimeType, let caption):
            let txnID = await outbox.transactionID(room: room, names: names)
            if let sent = try await outbox.alreadySent(txnID) { return [MessageRef(chatID: room, messageID: sent)] }
            var content: JSON
            if let encryptor = outbox.encryptor, try await encryptor.isEncrypted(room) {
                let sealed = try EncryptedAttachment.seal(bytes)
                let uri = try await outbox.retrying.run {
                    try await self.client.upload(sealed.ciphertext, contentType: "application/octet-stream", fileName: "encrypted")
                }
                content = MessageFormatter.file(uri: uri, fileName: fileName, mimeType: mimeType, size: bytes.count, caption: caption)
                content = MessageFormatter.encryptedAttachment(content, file: sealed.fileObject(url: uri))
            } else {
                let uri = try await outbox.retrying.run { try await self.client.upload(bytes, contentType: mimeType, fileName: fileName) }
                content = MessageFormatter.file(uri: uri, fileName: fileName, mimeType: mimeType, size: bytes.count, caption: caption)
            }
            return [MessageRef(chatID: room, messageID: try await outbox.send(type: "m.room.message", content: content, room: room, txnID: txnID))]
        case .poll(let question, let options, _):
            let id = try await sendMessage(MessageFormatter.vote(question: question, options: options), room: room, names: names)
            try await store.recordChoices(
                transport: name, messageID: id, chatExternalID: room, tokens: MatrixChoices.vote(pollID: id, options: options.count),
                now: clock.now())
            return [MessageRef(chatID: room, messageID: id)]
        case .action:
            do {
                try await client.typing(roomID: room, userID: userID, seconds: 30)
            } catch {
                logger.debug("typing notice failed", ["room": room, "error": "\(error)"])
            }
            return []
        case .stopPoll, .answerButton:
            // Votes close by the voting feature's own message; button presses need no acknowledgement here.
            return []
        }
    }

    /// Sends one `m.room.message` content under the next transaction id of the room.
    func sendMessage(_ content: JSON, room: String, names: TransactionNames? = nil) async throws -> String {
        let txnID = await outbox.transactionID(room: room, names: names)
        return try await outbox.send(type: "m.room.message", content: content, room: room, txnID: txnID)
    }

    /// Uploads an image (unless an earlier attempt already sent it) and posts it as `m.image`.
    func sendImage(_ image: OutgoingImage, number: Int, room: String, names: TransactionNames? = nil) async throws -> String {
        let txnID = await outbox.transactionID(room: room, names: names)
        if let sent = try await outbox.alreadySent(txnID) { return sent }
        let fileName = "\(image.sha256.map { String($0.prefix(12)) } ?? "image-\(number)").\(Store.fileExtension(for: image.mimeType))"
        if let encryptor = outbox.encryptor, try await encryptor.isEncrypted(room) {
            return try await sendEncryptedImage(image, fileName: fileName, room: room, txnID: txnID)
        }
        let uri = try await outbox.retrying.run { try await self.client.upload(image.bytes, contentType: image.mimeType, fileName: fileName) }
        let info = try? await images.inspect(image.bytes)
        var thumbnail: (uri: String, mimeType: String, size: Int, width: Int, height: Int)?
        // A small thumbnail lets phones show the timeline without fetching the full image; without one they scale it.
        if let small = try? await images.thumbnail(image.bytes) {
            let name = "thumb-\(fileName).jpg"
            if let thumbURI = try? await outbox.retrying.run({ try await self.client.upload(small.bytes, contentType: small.mimeType, fileName: name) }) {
                thumbnail = (thumbURI, small.mimeType, small.bytes.count, small.width, small.height)
            }
        }
        let content = MessageFormatter.image(
            uri: uri, fileName: fileName, mimeType: image.mimeType, size: image.bytes.count, width: image.width ?? info?.width,
            height: image.height ?? info?.height, caption: image.caption, thumbnail: thumbnail)
        return try await outbox.send(type: "m.room.message", content: content, room: room, txnID: txnID)
    }

    /// In an encrypted room the picture travels as an encrypted attachment: AES-256-CTR ciphertext on the
    /// media repository, its key and hash in the `file` object inside the Megolm-encrypted event (no thumbnail,
    /// which would need a second encrypted upload).
    func sendEncryptedImage(_ image: OutgoingImage, fileName: String, room: String, txnID: String) async throws -> String {
        let sealed = try EncryptedAttachment.seal(image.bytes)
        let uri = try await outbox.retrying.run {
            try await self.client.upload(sealed.ciphertext, contentType: "application/octet-stream", fileName: "encrypted")
        }
        let info = try? await images.inspect(image.bytes)
        var content = MessageFormatter.image(
            uri: uri, fileName: fileName, mimeType: image.mimeType, size: image.bytes.count, width: image.width ?? info?.width,
            height: image.height ?? info?.height, caption: image.caption)
        content = MessageFormatter.encryptedAttachment(content, file: sealed.fileObject(url: uri))
        return try await outbox.send(type: "m.room.message", content: content, room: room, txnID: txnID)
    }

    /// Records the tokens a notice offers, so a reaction on it presses the right button.
    func record(_ buttons: [[Button]], on eventID: String, room: String) async throws {
        guard !buttons.isEmpty else { return }
        try await store.recordChoices(
            transport: name, messageID: eventID, chatExternalID: room, tokens: MatrixChoices.buttons(buttons), now: clock.now())
    }
}
