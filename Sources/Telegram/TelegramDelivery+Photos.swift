import Chat
import HTTP
import JSON

extension TelegramDelivery {
    /// sendPhoto with a cached file id when there is one, else an upload in the `photo` field.
    func sendPhoto(_ image: OutgoingImage, caption: RichText?, buttons: [[Button]], to chat: ChatAddress) async throws -> MessageRef {
        var parameters: [String: JSON] = ["chat_id": TelegramDelivery.chatID(chat.id)]
        if let caption {
            parameters["caption"] = .string(caption.html)
            parameters["parse_mode"] = "HTML"
        }
        if !buttons.isEmpty { parameters["reply_markup"] = TelegramDelivery.keyboard(buttons) }
        if let cached = try await cachedFileID(image) {
            parameters["photo"] = .string(cached)
            do {
                return try reference(try await perform("sendPhoto", parameters, chat: chat), chat: chat)
            } catch let error as TelegramError where TelegramDelivery.isStaleFile(error) {
                try await forget(image)
                parameters["photo"] = nil
            }
        }
        let upload = MultipartPart.file("photo", filename: "photo.\(ext(image))", contentType: image.mimeType, data: image.bytes)
        let message = try await perform("sendPhoto", parameters, files: [upload], chat: chat)
        try await remember(message, for: image)
        return try reference(message, chat: chat)
    }

    /// sendMediaGroup of 2–10 photos; uploads are referenced as `attach://photoN`.
    func sendAlbum(_ images: [OutgoingImage], caption: RichText?, to chat: ChatAddress) async throws -> [MessageRef] {
        var media: [JSON] = []
        var files: [MultipartPart] = []
        for (index, image) in images.enumerated() {
            var item: [String: JSON] = ["type": "photo"]
            if let cached = try await cachedFileID(image) {
                item["media"] = .string(cached)
            } else {
                let name = "photo\(index)"
                item["media"] = .string("attach://\(name)")
                files.append(MultipartPart.file(name, filename: "\(name).\(ext(image))", contentType: image.mimeType, data: image.bytes))
            }
            let text = index == 0 ? (caption ?? image.caption) : image.caption
            if let text, MessageSplitter.visibleLength(text) <= MessageSplitter.captionLimit {
                item["caption"] = .string(text.html)
                item["parse_mode"] = "HTML"
            }
            media.append(.object(item))
        }
        let parameters: [String: JSON] = ["chat_id": TelegramDelivery.chatID(chat.id), "media": .array(media)]
        let result: JSON
        do {
            result = try await perform("sendMediaGroup", parameters, files: files, chat: chat)
        } catch let error as TelegramError where TelegramDelivery.isStaleFile(error) && files.count < images.count {
            for image in images { try await forget(image) }
            return try await sendAlbum(images, caption: caption, to: chat)
        }
        let messages = result.array ?? []
        for (message, image) in zip(messages, images) { try await remember(message, for: image) }
        return try messages.map { try reference($0, chat: chat) }
    }

    private func cachedFileID(_ image: OutgoingImage) async throws -> String? {
        guard let sha256 = image.sha256 else { return nil }
        return try await store.telegramFileID(sha256: sha256)
    }

    /// Caches the file id of the largest size Telegram made of an upload.
    private func remember(_ message: JSON, for image: OutgoingImage) async throws {
        guard let sha256 = image.sha256, let sizes = message["photo"]?.array,
              let largest = sizes.max(by: { ($0["width"]?.int ?? 0) * ($0["height"]?.int ?? 0) < ($1["width"]?.int ?? 0) * ($1["height"]?.int ?? 0) }),
              let fileID = largest["file_id"]?.string else { return }
        try await store.saveTelegramFileID(fileID, sha256: sha256, now: clock.now())
    }

    private func forget(_ image: OutgoingImage) async throws {
        if let sha256 = image.sha256 { try await store.forgetTelegramFileID(sha256: sha256) }
    }

    private func ext(_ image: OutgoingImage) -> String {
        switch image.mimeType.lowercased() {
        case "image/png": return "png"
        case "image/webp": return "webp"
        default: return "jpg"
        }
    }

    /// Telegram rejects a file id it no longer knows with a 400 naming the file.
    static func isStaleFile(_ error: TelegramError) -> Bool {
        guard case .badRequest(let text) = error else { return false }
        let lower = text.lowercased()
        return lower.contains("file") && (lower.contains("wrong") || lower.contains("invalid") || lower.contains("expired"))
    }
}
