import Foundation
import JSON

extension FakeTelegramServer {
    static let chatActions: Set<String> = [
        "typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice", "upload_document",
        "choose_sticker", "find_location", "record_video_note", "upload_video_note",
    ]

    /// The result of a successful call, or the Bot API's error.
    func answer(_ call: FakeBotRequest) throws(FakeBotError) -> JSON {
        switch call.method {
        case "getMe":
            return botUser.json.setting("is_bot", true).setting("can_join_groups", true)
        case "deleteWebhook":
            state.withLock { state in
                state.webhook = nil
                if call.flag("drop_pending_updates") { state.pending.removeAll() }
            }
            return true
        case "setWebhook":
            return try setWebhook(call)
        case "getWebhookInfo":
            let webhook = state.withLock { $0.webhook }
            return [
                "url": .string(webhook?.url ?? ""), "has_custom_certificate": false, "pending_update_count": .int(Int64(unconfirmedCount)),
                "max_connections": .int(Int64(webhook?.maxConnections ?? 40)),
                "allowed_updates": .array((webhook?.allowedUpdates ?? []).map(JSON.string)),
            ]
        case "setMyCommands":
            // As the Bot API: an array of at most 100 BotCommand objects, and an optional two-letter language_code
            // (empty or absent: the default menu for every language without its own).
            guard let commands = call.parameters["commands"]?.array, commands.count <= 100 else { throw .badRequest("commands must be an array of at most 100 BotCommand") }
            let language = call.parameters["language_code"]?.string ?? ""
            guard language.isEmpty || (language.count == 2 && language.allSatisfy({ $0.isASCII && $0.isLowercase })) else {
                throw .badRequest("invalid language_code")
            }
            for command in commands {
                let name = command["command"]?.string ?? ""
                guard (1...32).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else {
                    throw .badRequest("BOT_COMMAND_INVALID")
                }
                guard let text = command["description"]?.string, (1...256).contains(text.count) else { throw .badRequest("command description is empty") }
            }
            state.withLock { $0.commandMenus[language] = commands }
            return true
        case "getFile":
            let id = try call.required("file_id").string ?? ""
            guard let file = state.withLock({ $0.files[id] }) else { throw .badRequest("invalid file_id") }
            if let downloadLimit, file.size > downloadLimit { throw .badRequest("file is too big") }
            return ["file_id": .string(id), "file_unique_id": .string("U" + id), "file_size": .int(Int64(file.size)), "file_path": .string(file.path)]
        case "sendMessage":
            let text = try visible(call, field: "text", limit: 4096, tooLong: "message is too long")
            guard !text.isEmpty else { throw .badRequest("message text is empty") }
            return try record(call, kind: "text", text: text, html: call.parameters["text"]?.string ?? "")
        case "sendPhoto":
            let caption = try visible(call, field: "caption", limit: 1024, tooLong: "message caption is too long")
            var message = try record(call, kind: "photo", text: caption, html: call.parameters["caption"]?.string ?? "")
            message = message.setting("photo", photoSizes(for: call.parameters["photo"]?.string, upload: call.files["photo"]))
            return message
        case "sendMediaGroup":
            return try album(call)
        case "sendDocument":
            let caption = try visible(call, field: "caption", limit: 1024, tooLong: "message caption is too long")
            let part = call.files["document"]
            let message = try record(call, kind: "document", text: caption, html: call.parameters["caption"]?.string ?? "")
            return message.setting("document", [
                "file_id": .string("DOC\(message["message_id"]?.int ?? 0)"), "file_unique_id": "UDOC",
                "file_name": JSON(part?.filename), "mime_type": JSON(part?.contentType), "file_size": JSON(part?.data.count),
            ])
        case "editMessageText", "editMessageReplyMarkup":
            return try edit(call)
        case "deleteMessage":
            let (chat, id) = (try call.integer("chat_id"), try call.integer("message_id"))
            let found = state.withLock { state -> Bool in
                guard let index = state.messages.firstIndex(where: { $0.chatID == chat && $0.messageID == id && !$0.deleted }) else { return false }
                state.messages[index].deleted = true
                return true
            }
            guard found else { throw .badRequest("message to delete not found") }
            return true
        case "sendChatAction":
            guard let action = call.parameters["action"]?.string, FakeTelegramServer.chatActions.contains(action) else {
                throw .badRequest("wrong parameter action in request")
            }
            _ = try call.integer("chat_id")
            return true
        case "answerCallbackQuery":
            let id = try call.required("callback_query_id").string ?? ""
            let text = call.parameters["text"]?.string
            try state.withLock { state throws(FakeBotError) in
                guard state.callbacks[id] != nil, state.answeredCallbacks[id] == nil else {
                    throw .badRequest("query is too old and response timeout expired or query ID is invalid")
                }
                state.answeredCallbacks[id] = .some(text)
            }
            return true
        case "sendPoll":
            return try poll(call)
        case "stopPoll":
            let id = try call.integer("message_id")
            return ["id": .string("POLL\(id)"), "question": "", "options": [], "total_voter_count": 0, "is_closed": true,
                    "is_anonymous": false, "type": "regular", "allows_multiple_answers": false]
        default:
            throw FakeBotError(code: 404, description: "Not Found")
        }
    }

    /// The visible text of an HTML (or plain) field, checked against its limit in UTF-16 units.
    private func visible(_ call: FakeBotRequest, field: String, limit: Int, tooLong: String) throws(FakeBotError) -> String {
        guard let raw = call.parameters[field]?.string else { return "" }
        var text = raw
        if call.parameters["parse_mode"]?.string?.uppercased() == "HTML" {
            switch TelegramHTML.visibleText(raw) {
            case .success(let value): text = value
            case .failure(let error): throw error
            }
        }
        if text.utf16.count > limit { throw .badRequest(tooLong) }
        return text
    }

    /// Checks an inline keyboard: titles present and callback data 1–64 bytes.
    private func buttons(_ call: FakeBotRequest) throws(FakeBotError) -> [[(title: String, data: String)]] {
        guard let markup = call.parameters["reply_markup"] else { return [] }
        guard let rows = markup["inline_keyboard"]?.array else { throw .badRequest("can't parse reply keyboard markup JSON object") }
        var result: [[(title: String, data: String)]] = []
        for row in rows {
            var buttons: [(title: String, data: String)] = []
            for button in row.array ?? [] {
                guard let title = button["text"]?.string, !title.isEmpty else { throw .badRequest("text buttons are unallowed in the inline keyboard") }
                guard let data = button["callback_data"]?.string, (1...64).contains(data.utf8.count) else { throw .badRequest("BUTTON_DATA_INVALID") }
                buttons.append((title, data))
            }
            result.append(buttons)
        }
        return result
    }

    /// Records a sent message and returns its Message object.
    private func record(_ call: FakeBotRequest, kind: String, text: String, html: String, mediaGroupID: String? = nil) throws(FakeBotError) -> JSON {
        let chat = try call.integer("chat_id")
        let keyboard = try buttons(call)
        let replyTo = call.parameters["reply_parameters"]?["message_id"]?.int
        let id = nextMessageID()
        let now = Date()
        state.withLock { state in
            state.messages.append(FakeSentMessage(
                chatID: chat, messageID: id, kind: kind, text: text, html: html, buttons: keyboard, replyTo: replyTo,
                mediaGroupID: mediaGroupID, at: now))
        }
        var message: [String: JSON] = [
            "message_id": .int(id), "from": botUser.json.setting("is_bot", true), "date": .int(Int64(now.timeIntervalSince1970)),
            "chat": ["id": .int(chat), "type": chat < 0 ? "supergroup" : "private"],
        ]
        if kind == "text" { message["text"] = .string(text) } else if !text.isEmpty { message["caption"] = .string(text) }
        if let markup = call.parameters["reply_markup"] { message["reply_markup"] = markup }
        if let mediaGroupID { message["media_group_id"] = .string(mediaGroupID) }
        return .object(message)
    }

    /// Three sizes of a photo; an upload gets new file ids, a file id is kept for the largest.
    private func photoSizes(for fileID: String?, upload: LoopbackMultipartPart?) -> JSON {
        let base = state.withLock { state -> Int in
            defer { state.nextFileNumber += 1 }
            return state.nextFileNumber
        }
        let largest = fileID.flatMap { $0.hasPrefix("attach://") ? nil : $0 } ?? "SENT\(base)"
        if let upload { state.withLock { $0.files[largest] = (upload.data, "photos/\(largest).jpg", upload.data.count) } }
        return [
            ["file_id": .string("SENT\(base)-s"), "file_unique_id": .string("U\(base)s"), "width": 90, "height": 90, "file_size": 1_000],
            ["file_id": .string("SENT\(base)-m"), "file_unique_id": .string("U\(base)m"), "width": 320, "height": 320, "file_size": 10_000],
            ["file_id": .string(largest), "file_unique_id": .string("U\(base)l"), "width": 1024, "height": 1024, "file_size": 100_000],
        ]
    }

    private func album(_ call: FakeBotRequest) throws(FakeBotError) -> JSON {
        guard let media = call.parameters["media"]?.array, (2...10).contains(media.count) else {
            throw .badRequest("wrong number of media items (2–10 required)")
        }
        let group = "ALBUM\(nextMessageID())"
        var messages: [JSON] = []
        for item in media {
            guard item["type"]?.string == "photo", let reference = item["media"]?.string else { throw .badRequest("unsupported media type") }
            var upload: LoopbackMultipartPart?
            if reference.hasPrefix("attach://") {
                guard call.encoding == "multipart", let part = call.files[String(reference.dropFirst(9))] else {
                    throw .badRequest("wrong file identifier/HTTP URL specified")
                }
                upload = part
            }
            var single = call
            single.parameters = ["chat_id": call.parameters["chat_id"] ?? .null, "caption": item["caption"] ?? .null, "parse_mode": item["parse_mode"] ?? .null]
            let caption = try visible(single, field: "caption", limit: 1024, tooLong: "message caption is too long")
            let message = try record(single, kind: "photo", text: caption, html: item["caption"]?.string ?? "", mediaGroupID: group)
            messages.append(message.setting("photo", photoSizes(for: upload == nil ? reference : nil, upload: upload)))
        }
        return .array(messages)
    }

    private func edit(_ call: FakeBotRequest) throws(FakeBotError) -> JSON {
        let (chat, id) = (try call.integer("chat_id"), try call.integer("message_id"))
        let newText = call.method == "editMessageText" ? try visible(call, field: "text", limit: 4096, tooLong: "message is too long") : nil
        let keyboard = try buttons(call)
        return try state.withLock { state throws(FakeBotError) -> JSON in
            guard let index = state.messages.firstIndex(where: { $0.chatID == chat && $0.messageID == id && !$0.deleted }) else {
                throw .badRequest("message to edit not found")
            }
            let old = state.messages[index]
            let sameText = newText == nil || newText == old.text
            let sameButtons = old.buttons.map { $0.map(\.data) } == keyboard.map { $0.map(\.data) }
            if sameText && sameButtons { throw .badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message") }
            if let newText {
                state.messages[index].text = newText
                state.messages[index].html = call.parameters["text"]?.string ?? ""
            }
            state.messages[index].buttons = keyboard
            state.messages[index].edits += 1
            return ["message_id": .int(id), "chat": ["id": .int(chat), "type": chat < 0 ? "supergroup" : "private"],
                    "date": .int(Int64(Date().timeIntervalSince1970)), "text": .string(state.messages[index].text)]
        }
    }

    private func poll(_ call: FakeBotRequest) throws(FakeBotError) -> JSON {
        let question = try call.required("question").string ?? ""
        guard (1...300).contains(question.count) else { throw .badRequest("poll question length must be 1-300") }
        let options = (call.parameters["options"]?.array ?? []).compactMap { $0["text"]?.string ?? $0.string }
        guard (2...10).contains(options.count) else { throw .badRequest("poll must have 2-10 options") }
        if let close = call.parameters["close_date"]?.int {
            let ahead = Double(close) - Date().timeIntervalSince1970
            guard ahead >= 4 && ahead <= 601 else { throw .badRequest("close_date must be 5-600 seconds in the future") }
        }
        let message = try record(call, kind: "poll", text: question, html: question)
        let pollID = "POLL\(message["message_id"]?.int ?? 0)"
        let chat = try call.integer("chat_id")
        state.withLock { $0.polls[pollID] = chat }
        return message.setting("poll", [
            "id": .string(pollID), "question": .string(question), "total_voter_count": 0, "is_closed": false,
            "is_anonymous": .bool(call.parameters["is_anonymous"]?.bool ?? true), "type": "regular", "allows_multiple_answers": false,
            "options": .array(options.map { ["text": .string($0), "voter_count": 0] }),
        ])
    }

    /// setWebhook as Telegram checks it: an HTTPS URL on port 443, 80, 88 or 8443 (an empty URL removes
    /// the webhook), a secret token of 1–256 characters from A–Z a–z 0–9 _ -, max_connections 1–100 and
    /// known update types. Errors have Telegram's wording.
    private func setWebhook(_ call: FakeBotRequest) throws(FakeBotError) -> JSON {
        let url = call.parameters["url"]?.string ?? ""
        if url.isEmpty {
            state.withLock { $0.webhook = nil }
            return true
        }
        guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else { throw .badRequest("invalid webhook URL specified") }
        guard parsed.scheme?.lowercased() == "https" else { throw .badRequest("bad webhook: An HTTPS URL must be provided for webhook") }
        guard [80, 88, 443, 8443].contains(parsed.port ?? 443) else {
            throw .badRequest("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443")
        }
        var secret: String?
        if let value = call.parameters["secret_token"] {
            guard let text = value.string, (1...256).contains(text.utf8.count) else { throw .badRequest("secret token is invalid") }
            guard text.utf8.allSatisfy({ $0 < 128 && (Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber || $0 == 0x5F || $0 == 0x2D) }) else {
                throw .badRequest("secret token contains unallowed characters")
            }
            secret = text
        }
        var maxConnections = 40
        if call.parameters["max_connections"] != nil {
            let number = try call.integer("max_connections")
            guard (1...100).contains(number) else { throw .badRequest("bad webhook: max_connections must be between 1 and 100") }
            maxConnections = Int(number)
        }
        var allowed: [String] = []
        if let value = call.parameters["allowed_updates"] {
            guard let list = value.array, list.allSatisfy({ $0.string != nil }) else { throw .badRequest("can't parse allowed updates JSON object") }
            allowed = list.compactMap(\.string)
            let known: Set<String> = [
                "message", "edited_message", "channel_post", "edited_channel_post", "business_connection", "business_message",
                "edited_business_message", "deleted_business_messages", "message_reaction", "message_reaction_count", "inline_query",
                "chosen_inline_result", "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media", "poll",
                "poll_answer", "my_chat_member", "chat_member", "chat_join_request", "chat_boost", "removed_chat_boost",
            ]
            if let unknown = allowed.first(where: { !known.contains($0) }) { throw .badRequest("unsupported update type \(unknown)") }
        }
        state.withLock { state in
            state.webhook = FakeWebhook(url: url, secretToken: secret, maxConnections: maxConnections, allowedUpdates: allowed)
            if call.flag("drop_pending_updates") { state.pending.removeAll() }
        }
        return true
    }
}
