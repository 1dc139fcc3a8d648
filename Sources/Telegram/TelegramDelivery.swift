import Chat
import Foundation
import HTTP
import JSON
import Storage
import Support
import Synchronization

/// Makes the Bot API calls of outgoing messages, one step at a time: HTML text, photos and albums
/// with cached file ids, edits, polls, chat actions and button acknowledgements, each waiting for its
/// slot under the rate limits and obeying `retry_after`.
final class TelegramDelivery: Sendable {
    let client: TelegramClient
    let queue: OutgoingQueue
    let store: any WardrobeStore
    let logger: Logger
    let clock: any WallClock
    let configuration: TelegramConfiguration

    init(
        client: TelegramClient, store: any WardrobeStore, configuration: TelegramConfiguration, logger: Logger, clock: any WallClock,
        metrics: TelegramMetrics? = nil
    ) {
        self.client = client
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        queue = OutgoingQueue(limits: configuration.rateLimits, clock: clock, metrics: metrics)
    }

    /// Makes the call of one step and returns the ids of the messages it posted. `pollRef` is how
    /// features will know a poll (the reference they were given when it was queued).
    func execute(_ step: TelegramStep, to chat: ChatAddress, pollRef: MessageRef? = nil) async throws -> [String] {
        switch step {
        case .text(let text, let buttons, let replyTo):
            var parameters: [String: JSON] = ["chat_id": TelegramDelivery.chatID(chat.id), "text": .string(text.html), "parse_mode": "HTML"]
            if let replyTo, let id = Int64(replyTo.messageID) {
                parameters["reply_parameters"] = ["message_id": .int(id), "allow_sending_without_reply": true]
            }
            if !buttons.isEmpty { parameters["reply_markup"] = TelegramDelivery.keyboard(buttons) }
            return [try posted(try await perform("sendMessage", parameters, chat: chat))]
        case .photo(let image, let caption, let buttons):
            return [try await sendPhoto(image, caption: caption, buttons: buttons, to: chat).messageID]
        case .album(let images, let caption):
            return try await sendAlbum(images, caption: caption, to: chat).map(\.messageID)
        case .document(let name, let bytes, let mime, let caption):
            var parameters: [String: JSON] = ["chat_id": TelegramDelivery.chatID(chat.id)]
            if let caption {
                parameters["caption"] = .string(caption.html)
                parameters["parse_mode"] = "HTML"
            }
            let file = MultipartPart.file("document", filename: name, contentType: mime, data: bytes)
            return [try posted(try await perform("sendDocument", parameters, files: [file], chat: chat))]
        case .edit(let ref, let text, let buttons):
            var parameters = try target(ref)
            parameters["text"] = .string(text.html)
            parameters["parse_mode"] = "HTML"
            if !buttons.isEmpty { parameters["reply_markup"] = TelegramDelivery.keyboard(buttons) }
            try await edit("editMessageText", parameters, chat: chat)
        case .editButtons(let ref, let buttons):
            var parameters = try target(ref)
            parameters["reply_markup"] = TelegramDelivery.keyboard(buttons)
            try await edit("editMessageReplyMarkup", parameters, chat: chat)
        case .delete(let ref):
            do {
                try await perform("deleteMessage", try target(ref), chat: chat, limited: false)
            } catch let error as TelegramError {
                // Already gone, or too old to delete: nothing left to do.
                logger.info("delete failed", ["chat": chat.id, "error": error.description])
            }
        case .poll(let question, let options, let closeDate):
            return [try await sendPoll(question: question, options: options, closeDate: closeDate, to: chat, pollRef: pollRef)]
        case .stopPoll(let ref):
            try await perform("stopPoll", try target(ref), chat: chat)
        case .action(let action):
            try await perform("sendChatAction", ["chat_id": TelegramDelivery.chatID(chat.id), "action": .string(action.rawValue)],
                              chat: chat, limited: false)
        case .answerButton(let callbackID, let notice):
            var parameters: [String: JSON] = ["callback_query_id": .string(callbackID)]
            if let notice { parameters["text"] = .string(String(notice.prefix(200))) }
            try await perform("answerCallbackQuery", parameters, chat: chat, limited: false)
        }
        return []
    }

    private func edit(_ method: String, _ parameters: [String: JSON], chat: ChatAddress) async throws {
        do {
            try await perform(method, parameters, chat: chat)
        } catch let error as TelegramError where error.isNotModified {
            // The message already shows this; that is what the edit wanted.
        }
    }

    private func sendPoll(question: String, options: [String], closeDate: Date?, to chat: ChatAddress, pollRef: MessageRef?) async throws -> String {
        var parameters: [String: JSON] = [
            "chat_id": TelegramDelivery.chatID(chat.id), "question": .string(String(question.prefix(300))),
            "options": .array(options.prefix(10).map { ["text": .string(String($0.prefix(100)))] }), "is_anonymous": false,
        ]
        // Telegram accepts close_date only 5–600 s ahead; later closes are done with stopPoll.
        if let closeDate {
            let ahead = closeDate.timeIntervalSince(clock.now())
            if ahead >= 5 && ahead <= 600 { parameters["close_date"] = .int(Int64(closeDate.timeIntervalSince1970)) }
        }
        let message = try await perform("sendPoll", parameters, chat: chat)
        let id = try posted(message)
        if let pollID = message["poll"]?["id"]?.string {
            try await store.saveTelegramPoll(
                pollID: pollID, chatID: chat.id, kind: chat.kind, messageID: pollRef?.messageID ?? id, now: clock.now())
        }
        return id
    }

    /// A rate-limit slot booked before the call's in-flight slot was taken: the first limited call of
    /// the step uses it instead of booking another (so waiting for one chat's pace never holds the
    /// in-flight slot that every chat shares).
    final class Admission: Sendable {
        private let unused = Mutex(true)
        /// True once: the caller may skip its own booking.
        func take() -> Bool { unused.withLock { value in defer { value = false }; return value } }
    }

    @TaskLocal static var admission: Admission?

    /// A progress edit that would take the saved-up token a reply needs: it steps aside until `until`
    /// (and is dropped if a newer edit of the same message comes meanwhile).
    struct Paced: InternalError { let until: Date }

    /// Books the rate-limit slot for `step` and waits for it; nil for steps that are not limited.
    /// Edits only go while a token stays saved for the chat's next reply: progress is best-effort,
    /// answers are not, so a result never waits behind the pace of its own progress message.
    func admit(_ step: TelegramStep, to chat: ChatAddress) async throws -> Admission? {
        switch step {
        case .delete, .action, .answerButton: return nil
        case .edit, .editButtons:
            if let until = await queue.admitNow(chat: chat.id, isGroup: chat.kind == .group, keep: 1) { throw Paced(until: until) }
            return Admission()
        default:
            try await queue.admit(chat: chat.id, isGroup: chat.kind == .group)
            return Admission()
        }
    }

    /// Calls a method for `chat`, waiting for its slot and obeying 429s; retries what was surely not delivered.
    @discardableResult
    func perform(_ method: String, _ parameters: [String: JSON], files: [MultipartPart] = [], chat: ChatAddress, limited: Bool = true) async throws -> JSON {
        var attempt = 0
        while true {
            attempt += 1
            if limited, !(attempt == 1 && TelegramDelivery.admission?.take() == true) {
                try await queue.admit(chat: chat.id, isGroup: chat.kind == .group)
            }
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
        MessageRef(chatID: chat.id, messageID: try posted(message))
    }

    private func posted(_ message: JSON) throws -> String {
        guard let id = message["message_id"]?.int else { throw TelegramError.malformedResponse("result has no message_id") }
        return String(id)
    }

    /// The chat and message a call acts on; a reference that is not a Telegram message id is refused, never sent as 0.
    private func target(_ ref: MessageRef) throws -> [String: JSON] {
        guard let id = Int64(ref.messageID) else { throw TelegramError.malformedResponse("no posted message for \(ref.messageID)") }
        return ["chat_id": TelegramDelivery.chatID(ref.chatID), "message_id": .int(id)]
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
