import Foundation
import JSON

/// The fake server acting as the people talking to the bot: each call queues a real-shaped update.
extension FakeTelegramServer {
    /// One photo size a user sends: the bytes the bot downloads and the dimensions Telegram reports.
    public struct PhotoSizeSpec: Sendable {
        public let width: Int
        public let height: Int
        public let bytes: [UInt8]
        /// A size to report instead of the byte count (to test limits without big buffers).
        public let declaredSize: Int?

        public init(width: Int, height: Int, bytes: [UInt8], declaredSize: Int? = nil) {
            self.width = width
            self.height = height
            self.bytes = bytes
            self.declaredSize = declaredSize
        }
    }

    private func message(chat: FakeChat, from user: FakeUser, extra: [String: JSON], replyTo: Int64? = nil) -> JSON {
        var object: [String: JSON] = [
            "message_id": .int(nextMessageID()), "from": user.json, "chat": chat.json, "date": .int(Int64(Date().timeIntervalSince1970)),
        ]
        for (key, value) in extra { object[key] = value }
        if let replyTo {
            let original = state.withLock { $0.messages.first { $0.chatID == chat.id && $0.messageID == replyTo } }
            object["reply_to_message"] = [
                "message_id": .int(replyTo), "chat": chat.json, "date": 0,
                "from": original != nil ? botUser.json.setting("is_bot", true) : user.json,
            ]
        }
        return .object(object)
    }

    /// A text message (commands included, with `bot_command` and `mention` entities as Telegram adds them).
    @discardableResult
    public func sendText(_ text: String, chat: FakeChat? = nil, from user: FakeUser = .ana, replyTo: Int64? = nil) -> Int64 {
        let chat = chat ?? .privateChat(user)
        var extra: [String: JSON] = ["text": .string(text)]
        let entities = FakeTelegramServer.entities(in: text)
        if !entities.isEmpty { extra["entities"] = .array(entities) }
        return enqueue("message", message(chat: chat, from: user, extra: extra, replyTo: replyTo), chatID: chat.id)
    }

    /// The same message edited (an `edited_message` update).
    @discardableResult
    public func editText(_ text: String, chat: FakeChat? = nil, from user: FakeUser = .ana) -> Int64 {
        let chat = chat ?? .privateChat(user)
        var payload = message(chat: chat, from: user, extra: ["text": .string(text)])
        payload = payload.setting("edit_date", .int(Int64(Date().timeIntervalSince1970)))
        return enqueue("edited_message", payload, chatID: chat.id)
    }

    /// A compressed photo with several sizes, optionally part of an album.
    @discardableResult
    public func sendPhoto(
        _ sizes: [PhotoSizeSpec], caption: String? = nil, chat: FakeChat? = nil, from user: FakeUser = .ana, mediaGroupID: String? = nil
    ) -> Int64 {
        let chat = chat ?? .privateChat(user)
        let photo: [JSON] = sizes.map { size in
            let id = addFile(size.bytes, declaredSize: size.declaredSize)
            return ["file_id": .string(id), "file_unique_id": .string("U" + id), "width": .int(Int64(size.width)),
                    "height": .int(Int64(size.height)), "file_size": .int(Int64(size.declaredSize ?? size.bytes.count))]
        }
        var extra: [String: JSON] = ["photo": .array(photo)]
        if let caption { extra["caption"] = .string(caption) }
        if let mediaGroupID { extra["media_group_id"] = .string(mediaGroupID) }
        return enqueue("message", message(chat: chat, from: user, extra: extra), chatID: chat.id)
    }

    /// A file sent as a document (e.g. an uncompressed image).
    @discardableResult
    public func sendDocument(
        _ bytes: [UInt8], fileName: String, mimeType: String?, declaredSize: Int? = nil, caption: String? = nil,
        chat: FakeChat? = nil, from user: FakeUser = .ana
    ) -> Int64 {
        let chat = chat ?? .privateChat(user)
        let id = addFile(bytes, declaredSize: declaredSize, name: fileName)
        var document: [String: JSON] = [
            "file_id": .string(id), "file_unique_id": .string("U" + id), "file_name": .string(fileName),
            "file_size": .int(Int64(declaredSize ?? bytes.count)),
        ]
        if let mimeType { document["mime_type"] = .string(mimeType) }
        var extra: [String: JSON] = ["document": .object(document)]
        if let caption { extra["caption"] = .string(caption) }
        return enqueue("message", message(chat: chat, from: user, extra: extra), chatID: chat.id)
    }

    /// An album: one update per photo, sharing a media_group_id; the caption rides on the first.
    @discardableResult
    public func sendAlbum(_ photos: [[UInt8]], caption: String? = nil, chat: FakeChat? = nil, from user: FakeUser = .ana) -> [Int64] {
        let group = "MG\(nextMessageID())"
        return photos.enumerated().map { index, bytes in
            sendPhoto([PhotoSizeSpec(width: 1280, height: 960, bytes: bytes)], caption: index == 0 ? caption : nil, chat: chat, from: user, mediaGroupID: group)
        }
    }

    /// A press on an inline button of a bot message; returns the update id and the callback query id.
    @discardableResult
    public func pressButton(messageID: Int64, chat: FakeChat? = nil, data: String, from user: FakeUser = .ana) -> (updateID: Int64, callbackID: String) {
        let chat = chat ?? .privateChat(user)
        let callbackID = "CB\(nextMessageID())"
        let original = state.withLock { $0.messages.first { $0.chatID == chat.id && $0.messageID == messageID } }
        let message: JSON = [
            "message_id": .int(messageID), "from": botUser.json.setting("is_bot", true), "chat": chat.json, "date": 1,
            "text": .string(original?.text ?? ""),
        ]
        state.withLock { $0.callbacks[callbackID] = .some(data) }
        let id = enqueue("callback_query", [
            "id": .string(callbackID), "from": user.json, "message": message, "chat_instance": .string("CI\(chat.id)"), "data": .string(data),
        ], chatID: chat.id)
        return (id, callbackID)
    }

    /// Presses the button titled `title` on the latest bot message in the chat that has it.
    @discardableResult
    public func pressButton(titled title: String, chat: FakeChat? = nil, from user: FakeUser = .ana) -> (updateID: Int64, callbackID: String)? {
        let chat = chat ?? .privateChat(user)
        for message in messages(inChat: chat.id).reversed() {
            if let button = message.buttons.joined().first(where: { $0.title == title }) {
                return pressButton(messageID: message.messageID, chat: chat, data: button.data, from: user)
            }
        }
        return nil
    }

    /// A vote in a poll the bot sent.
    @discardableResult
    public func answerPoll(_ pollID: String, options: [Int], from user: FakeUser = .ana) -> Int64 {
        let chat = state.withLock { $0.polls[pollID] }
        return enqueue("poll_answer", ["poll_id": .string(pollID), "user": user.json, "option_ids": .array(options.map { .int(Int64($0)) })], chatID: chat)
    }

    /// The bot's membership in a chat changed (added, removed, blocked).
    @discardableResult
    public func changeMembership(chat: FakeChat, from user: FakeUser = .ana, old: String, new: String) -> Int64 {
        let member = { (status: String) -> JSON in ["status": .string(status), "user": self.botUser.json.setting("is_bot", true)] }
        return enqueue("my_chat_member", [
            "chat": chat.json, "from": user.json, "date": .int(Int64(Date().timeIntervalSince1970)),
            "old_chat_member": member(old), "new_chat_member": member(new),
        ], chatID: chat.id)
    }

    /// Poll ids of the polls the bot sent.
    public var pollIDs: [String] { state.withLock { $0.polls.keys.sorted() } }

    /// bot_command and mention entities with UTF-16 offsets, as Telegram computes them.
    static func entities(in text: String) -> [JSON] {
        var result: [JSON] = []
        var offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let length = word.utf16.count
            if word.hasPrefix("/") && offset == 0 && length > 1 {
                result.append(["type": "bot_command", "offset": .int(Int64(offset)), "length": .int(Int64(length))])
            } else if word.hasPrefix("@") && length > 1 {
                result.append(["type": "mention", "offset": .int(Int64(offset)), "length": .int(Int64(length))])
            }
            offset += length + 1
        }
        return result
    }
}
