import Chat
import Foundation
import Localization
import Storage

/// What to do with one update, decided without I/O.
enum UpdateDecision: Sendable {
    /// Hand the event to the dispatcher.
    case event(ChatEvent)
    /// A photo that belongs to an album; hold it until the album is complete.
    case albumPart(AlbumPart)
    /// Answer in the chat directly (e.g. a file that is too large), without running a handler.
    case refuse(ChatAddress, text: String, replyTo: MessageRef?)
    /// Acknowledge a button press whose data we cannot use.
    case answerCallback(id: String, notice: String)
    /// A vote; the chat comes from the poll id → chat mapping.
    case vote(pollID: String, sender: Sender, options: [Int], date: Date)
    /// Nothing to do; the reason is logged. `notice` marks lines worth logging above debug.
    case ignore(String, notice: Bool)
}

/// Turns Bot API updates into transport-neutral events, following Telegram's conventions:
/// the largest photo size, image documents, `@botname` commands and addressed group messages.
struct UpdateMapper: Sendable {
    /// Downloads a file by id (getFile + file download).
    typealias Download = @Sendable (_ fileID: String) async throws -> [UInt8]

    /// The bot's username from getMe, without "@".
    let botUsername: String?
    /// The bot's user id from getMe.
    let botID: Int64?
    /// The largest file the bot downloads.
    let maxDownloadBytes: Int
    let download: Download
    /// The catalogs the refusals are worded from, in the sender's app language (the stored `/language` choice is
    /// not known before a handler runs).
    var catalogs: Catalogs = .builtIn

    /// The prefix of callback data; the rest is the button token.
    static let callbackPrefix = "b:"

    func decide(_ update: TelegramUpdate) -> UpdateDecision {
        let eventID = String(update.id)
        switch update.kind {
        case .message(let message):
            return decide(message, eventID: eventID)
        case .editedMessage:
            // An edit is not a new command: re-running it would answer twice.
            return .ignore("edited message", notice: false)
        case .callbackQuery(let id, let fromID, let fromName, let fromLanguage, let message, let data):
            let expired = catalogs.string("chat.button.expired", in: Language(tag: fromLanguage) ?? .en)
            guard let message else { return .answerCallback(id: id, notice: expired) }
            guard let data, data.hasPrefix(UpdateMapper.callbackPrefix), UpdateMapper.isToken(data.dropFirst(2)) else {
                return .answerCallback(id: id, notice: expired)
            }
            return .event(ChatEvent(
                id: eventID, chat: address(of: message), sender: Sender(id: String(fromID), displayName: fromName, language: Language(tag: fromLanguage)),
                payload: .button(token: String(data.dropFirst(2))), message: ref(message), date: message.date, callbackID: id))
        case .pollAnswer(let pollID, let userID, let userName, let options):
            return .vote(pollID: pollID, sender: Sender(id: String(userID), displayName: userName), options: options, date: Date())
        case .myChatMember(let chatID, let chatType, let byUserID, let oldStatus, let newStatus):
            let what: String
            switch newStatus {
            case "member", "administrator": what = "bot added to chat"
            case "kicked": what = chatType == "private" ? "bot blocked by the user" : "bot removed from chat"
            case "left": what = "bot left chat"
            default: what = "bot membership changed"
            }
            return .ignore("\(what) (chat \(chatID), by \(byUserID.map(String.init) ?? "?"), \(oldStatus) → \(newStatus))", notice: true)
        case .other(let kind):
            return .ignore("unhandled update kind \(kind)", notice: false)
        }
    }

    private func decide(_ message: TelegramMessage, eventID: String) -> UpdateDecision {
        guard let fromID = message.fromID, !message.fromIsBot || message.isPrivate else { return .ignore("message from a bot", notice: false) }
        let chat = address(of: message)
        let sender = Sender(id: String(fromID), displayName: message.fromName, language: Language(tag: message.fromLanguage))
        let replyTo = message.replyToMessageID.map { MessageRef(chatID: chat.id, messageID: String($0)) }
        func event(_ payload: EventPayload) -> ChatEvent {
            ChatEvent(id: eventID, chat: chat, sender: sender, payload: payload, message: ref(message), replyTo: replyTo, date: message.date)
        }
        if let text = message.text {
            if let command = CommandParser.parse(text, botUsername: botUsername) {
                return .event(event(.command(name: command.name, arguments: command.arguments)))
            }
            if text.drop(while: \.isWhitespace).hasPrefix("/") && !message.isPrivate {
                return .ignore("command for another bot", notice: false)
            }
            guard message.isPrivate || isAddressed(message) else { return .ignore("group chatter", notice: false) }
            let cleaned = message.isPrivate ? text : stripMention(text)
            guard !cleaned.isEmpty else { return .ignore("empty mention", notice: false) }
            return .event(event(.text(cleaned)))
        }
        guard message.isPrivate || isAddressed(message) else { return .ignore("group media not addressed to the bot", notice: false) }
        guard !message.photo.isEmpty || message.document != nil else {
            // A sticker or voice note sent to the bot gets told what it can use; a service message gets nothing.
            guard let kind = message.otherContent else { return .ignore("unsupported message content", notice: false) }
            return .event(event(.other(kind: kind)))
        }
        let caption = message.caption.map { message.isPrivate ? $0 : stripMention($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let attachment: Attachment
        switch self.attachment(of: message) {
        case .success(let value): attachment = value
        case .failure(let error):
            return .refuse(chat, text: catalogs.text(error.message, in: sender.language ?? .en).plain, replyTo: ref(message))
        }
        if let group = message.mediaGroupID {
            return .albumPart(AlbumPart(
                groupID: "\(message.chatID):\(group)", updateID: Int64(eventID) ?? 0, chat: chat, sender: sender,
                attachment: attachment, caption: caption, message: ref(message), replyTo: replyTo, date: message.date))
        }
        return .event(event(.photos([attachment], caption: caption)))
    }

    /// The largest photo size within the download limit, or an image document.
    private func attachment(of message: TelegramMessage) -> Result<Attachment, TelegramError> {
        let download = self.download
        if !message.photo.isEmpty {
            let sizes = message.photo.sorted { $0.width * $0.height > $1.width * $1.height }
            guard let best = sizes.first(where: { ($0.fileSize ?? 0) <= maxDownloadBytes }) else {
                return .failure(.fileTooLarge(bytes: sizes.last?.fileSize ?? 0, limit: maxDownloadBytes))
            }
            return .success(Attachment(id: best.fileID, mimeType: "image/jpeg", byteCount: best.fileSize) { try await download(best.fileID) })
        }
        guard let document = message.document else { return .failure(.notAnImage(mimeType: nil)) }
        guard let type = document.mimeType?.lowercased(), type.hasPrefix("image/") else { return .failure(.notAnImage(mimeType: document.mimeType)) }
        if let size = document.fileSize, size > maxDownloadBytes { return .failure(.fileTooLarge(bytes: size, limit: maxDownloadBytes)) }
        return .success(Attachment(id: document.fileID, mimeType: type, byteCount: document.fileSize, fileName: document.fileName) {
            try await download(document.fileID)
        })
    }

    /// In a group: a reply to the bot, or a message mentioning `@botname`.
    func isAddressed(_ message: TelegramMessage) -> Bool {
        if let botID, message.replyToFromID == botID { return true }
        guard let botUsername, let body = message.body else { return false }
        return body.lowercased().contains("@" + botUsername.lowercased())
    }

    /// The text without `@botname`, trimmed.
    func stripMention(_ text: String) -> String {
        guard let botUsername else { return text }
        let stripped = text.replacingOccurrences(of: "@" + botUsername, with: "", options: .caseInsensitive)
        return stripped.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func address(of message: TelegramMessage) -> ChatAddress {
        ChatAddress(transport: "telegram", id: String(message.chatID), kind: message.isPrivate ? .privateChat : .group, title: message.chatTitle)
    }

    func ref(_ message: TelegramMessage) -> MessageRef {
        MessageRef(chatID: String(message.chatID), messageID: String(message.messageID))
    }

    /// Button tokens are short and url-safe.
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 16 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
