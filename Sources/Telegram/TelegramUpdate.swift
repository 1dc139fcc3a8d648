import JSON

/// One `Update` from getUpdates, reduced to the kinds the worker handles.
struct TelegramUpdate: Sendable {
    /// What the update carries.
    enum Kind: Sendable {
        case message(TelegramMessage)
        case editedMessage(TelegramMessage)
        /// A button press: query id, presser (with their app language), the message the button is on (if accessible), and its data.
        case callbackQuery(id: String, fromID: Int64, fromName: String?, fromLanguage: String?, message: TelegramMessage?, data: String?)
        /// A vote in a non-anonymous poll; empty options mean the vote was retracted.
        case pollAnswer(pollID: String, userID: Int64, userName: String?, options: [Int])
        /// The bot's own membership changed in a chat.
        case myChatMember(chatID: Int64, chatType: String, byUserID: Int64?, oldStatus: String, newStatus: String)
        /// Anything else (poll state changes, unknown kinds).
        case other(String)
    }

    let id: Int64
    let kind: Kind

    /// Reads an update; nil when it has no `update_id`.
    init?(_ json: JSON) {
        guard let id = json["update_id"]?.int else { return nil }
        self.id = id
        kind = TelegramUpdate.kind(of: json)
    }

    private static func kind(of json: JSON) -> Kind {
        if let message = json["message"] {
            return TelegramMessage(message).map(Kind.message) ?? .other("message without ids")
        }
        if let message = json["edited_message"] {
            return TelegramMessage(message).map(Kind.editedMessage) ?? .other("edited message without ids")
        }
        if let query = json["callback_query"], let id = query["id"]?.string, let from = query["from"]?["id"]?.int {
            return .callbackQuery(
                id: id, fromID: from, fromName: query["from"].flatMap(TelegramMessage.name(of:)), fromLanguage: query["from"]?["language_code"]?.string,
                // An inaccessible message has date 0 and no content; it still names the chat.
                message: query["message"].flatMap(TelegramMessage.init), data: query["data"]?.string)
        }
        if let answer = json["poll_answer"], let pollID = answer["poll_id"]?.string, let user = answer["user"]?["id"]?.int {
            return .pollAnswer(
                pollID: pollID, userID: user, userName: answer["user"].flatMap(TelegramMessage.name(of:)),
                options: (answer["option_ids"]?.array ?? []).compactMap { $0.int.map(Int.init) })
        }
        if let member = json["my_chat_member"], let chatID = member["chat"]?["id"]?.int {
            return .myChatMember(
                chatID: chatID, chatType: member["chat"]?["type"]?.string ?? "private", byUserID: member["from"]?["id"]?.int,
                oldStatus: member["old_chat_member"]?["status"]?.string ?? "", newStatus: member["new_chat_member"]?["status"]?.string ?? "")
        }
        return .other(json.object?.keys.first { $0 != "update_id" } ?? "empty")
    }
}
