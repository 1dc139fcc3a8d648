import Chat
import Foundation
import HTTP
import JSON
import Storage
import Support

/// Sends the bot's messages over the Bot API: HTML text split to fit, photos and albums with
/// cached file ids, edits, polls, chat actions and button acknowledgements, all through the
/// rate-limited outgoing queue.
public final class TelegramTransport: ChatTransport {
    public let name = "telegram"
    public let capabilities = TransportCapabilities(inlineButtons: true, edits: true, polls: true, deletesUserMessages: true)
    let client: TelegramClient
    let queue: OutgoingQueue
    let store: Store
    let logger: Logger
    let clock: any WallClock
    let configuration: TelegramConfiguration

    /// A transport sending through `client`, limited by `configuration.rateLimits` on `clock`.
    public init(client: TelegramClient, store: Store, configuration: TelegramConfiguration, logger: Logger, clock: any WallClock) {
        self.client = client
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        queue = OutgoingQueue(limits: configuration.rateLimits, clock: clock)
    }

    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        switch message {
        case .text(let text, let buttons, let replyTo):
            return try await sendText(text, buttons: buttons, replyTo: replyTo, to: chat)
        case .photos(let images, let caption, let buttons):
            return try await sendPhotos(images, caption: caption, buttons: buttons, to: chat)
        case .edit(let ref, let text, let buttons):
            // An edit cannot grow into two messages: keep the first piece that fits.
            let piece = MessageSplitter.split(text).first ?? "…"
            var parameters = target(ref)
            parameters["text"] = .string(piece.html)
            parameters["parse_mode"] = "HTML"
            if !buttons.isEmpty { parameters["reply_markup"] = TelegramTransport.keyboard(buttons) }
            return try await edit("editMessageText", parameters, ref: ref, chat: chat)
        case .editButtons(let ref, let buttons):
            var parameters = target(ref)
            parameters["reply_markup"] = TelegramTransport.keyboard(buttons)
            return try await edit("editMessageReplyMarkup", parameters, ref: ref, chat: chat)
        case .delete(let ref):
            do {
                try await perform("deleteMessage", target(ref), chat: chat, limited: false)
            } catch let error as TelegramError {
                // Already gone, or too old to delete: nothing left to do.
                logger.info("delete failed", ["chat": chat.id, "error": error.description])
            }
            return []
        case .document(let fileName, let bytes, let mimeType, let caption):
            return try await sendDocument(fileName: fileName, bytes: bytes, mimeType: mimeType, caption: caption, to: chat)
        case .poll(let question, let options, let closeDate):
            return try await sendPoll(question: question, options: options, closeDate: closeDate, to: chat)
        case .stopPoll(let ref):
            try await perform("stopPoll", target(ref), chat: chat)
            return [ref]
        case .action(let action):
            try await perform("sendChatAction", ["chat_id": TelegramTransport.chatID(chat.id), "action": .string(action.rawValue)],
                              chat: chat, limited: false)
            return []
        case .answerButton(let callbackID, let notice):
            var parameters: [String: JSON] = ["callback_query_id": .string(callbackID)]
            if let notice { parameters["text"] = .string(String(notice.prefix(200))) }
            try await perform("answerCallbackQuery", parameters, chat: chat, limited: false)
            return []
        }
    }

    /// Sends text as one or more messages of at most 4096 visible characters; buttons go on the last.
    func sendText(_ text: RichText, buttons: [[Button]], replyTo: MessageRef?, to chat: ChatAddress) async throws -> [MessageRef] {
        let pieces = MessageSplitter.split(text)
        var refs: [MessageRef] = []
        for (index, piece) in (pieces.isEmpty ? ["…"] : pieces).enumerated() {
            var parameters: [String: JSON] = [
                "chat_id": TelegramTransport.chatID(chat.id), "text": .string(piece.html), "parse_mode": "HTML",
            ]
            if index == 0, let replyTo, let id = Int64(replyTo.messageID) {
                parameters["reply_parameters"] = ["message_id": .int(id), "allow_sending_without_reply": true]
            }
            if index == pieces.count - 1, !buttons.isEmpty { parameters["reply_markup"] = TelegramTransport.keyboard(buttons) }
            refs.append(try reference(try await perform("sendMessage", parameters, chat: chat), chat: chat))
        }
        return refs
    }

    private func edit(_ method: String, _ parameters: [String: JSON], ref: MessageRef, chat: ChatAddress) async throws -> [MessageRef] {
        do {
            try await perform(method, parameters, chat: chat)
        } catch let error as TelegramError where error.isNotModified {
            // The message already shows this; that is what the edit wanted.
        }
        return [ref]
    }

    private func sendPoll(question: String, options: [String], closeDate: Date?, to chat: ChatAddress) async throws -> [MessageRef] {
        var parameters: [String: JSON] = [
            "chat_id": TelegramTransport.chatID(chat.id), "question": .string(String(question.prefix(300))),
            "options": .array(options.prefix(10).map { ["text": .string(String($0.prefix(100)))] }), "is_anonymous": false,
        ]
        // Telegram accepts close_date only 5–600 s ahead; later closes are done with stopPoll.
        if let closeDate {
            let ahead = closeDate.timeIntervalSince(clock.now())
            if ahead >= 5 && ahead <= 600 { parameters["close_date"] = .int(Int64(closeDate.timeIntervalSince1970)) }
        }
        let message = try await perform("sendPoll", parameters, chat: chat)
        let ref = try reference(message, chat: chat)
        if let pollID = message["poll"]?["id"]?.string {
            try await store.saveTelegramPoll(pollID: pollID, chatID: chat.id, kind: chat.kind, messageID: ref.messageID, now: clock.now())
        }
        return [ref]
    }

    private func sendDocument(fileName: String, bytes: [UInt8], mimeType: String, caption: RichText?, to chat: ChatAddress) async throws -> [MessageRef] {
        var parameters: [String: JSON] = ["chat_id": TelegramTransport.chatID(chat.id)]
        let captionFits = caption.map { MessageSplitter.visibleLength($0) <= MessageSplitter.captionLimit } ?? false
        if let caption, captionFits {
            parameters["caption"] = .string(caption.html)
            parameters["parse_mode"] = "HTML"
        }
        let file = MultipartPart.file("document", filename: fileName, contentType: mimeType, data: bytes)
        var refs = [try reference(try await perform("sendDocument", parameters, files: [file], chat: chat), chat: chat)]
        if let caption, !captionFits { refs += try await sendText(caption, buttons: [], replyTo: nil, to: chat) }
        return refs
    }

    /// Calls a method for `chat`, waiting for its slot and obeying 429s; retries what was surely not delivered.
    @discardableResult
    func perform(_ method: String, _ parameters: [String: JSON], files: [MultipartPart] = [], chat: ChatAddress, limited: Bool = true) async throws -> JSON {
        var attempt = 0
        while true {
            attempt += 1
            if limited { try await queue.admit(chat: chat.id, isGroup: chat.kind == .group) }
            do throws(TelegramError) {
                return try await client.call(method, parameters, files: files)
            } catch {
                guard attempt < configuration.sendAttempts else { throw error }
                switch error {
                case .tooManyRequests(let seconds, _):
                    let global = await queue.pause(chat: limited ? chat.id : nil, retryAfter: seconds)
                    logger.warning("rate limited by Telegram", ["chat": chat.id, "method": method, "retry_after": seconds, "scope": global ? "all chats" : "chat"])
                    if !limited { try await clock.sleep(seconds: Double(seconds)) }
                case .server, .network(.couldNotConnect), .network(.couldNotResolveHost):
                    let delay = configuration.backoff.delay(attempt: attempt)
                    logger.warning("send failed; retrying", ["chat": chat.id, "method": method, "error": error.description, "delay": delay])
                    try await clock.sleep(seconds: delay)
                default:
                    throw error
                }
            }
        }
    }

    func reference(_ message: JSON, chat: ChatAddress) throws -> MessageRef {
        guard let id = message["message_id"]?.int else { throw TelegramError.malformedResponse("result has no message_id") }
        return MessageRef(chatID: chat.id, messageID: String(id))
    }

    private func target(_ ref: MessageRef) -> [String: JSON] {
        ["chat_id": TelegramTransport.chatID(ref.chatID), "message_id": .int(Int64(ref.messageID) ?? 0)]
    }

    /// Numeric chat ids go as numbers, channel usernames as strings.
    static func chatID(_ id: String) -> JSON { Int64(id).map(JSON.int) ?? .string(id) }

    /// An inline keyboard whose buttons carry `b:<token>` as callback data (well under 64 bytes).
    static func keyboard(_ rows: [[Button]]) -> JSON {
        ["inline_keyboard": .array(rows.map { row in
            .array(row.map { ["text": .string($0.title), "callback_data": .string(UpdateMapper.callbackPrefix + $0.token)] })
        })]
    }
}
