import JSON

extension FakeOpenRouter.Context {
    /// The response for a behaviour to an accepted generation request.
    func answer(_ behaviour: FakeOpenRouter.Behaviour, to record: FakeAIRequest, chat: Bool) -> LoopbackResponse {
        switch behaviour {
        case .success:
            do throws(FakeRejection) {
                return chat ? try chatSuccess(record) : try imagesSuccess(record)
            } catch {
                return Self.error(500, error.reason)
            }
        case .textOnly(let text):
            if !chat { return .json(["created": 1_700_000_000, "data": []]) }
            return .json(chatCompletion(record, content: .string(text), images: [], finish: "stop"))
        case .error(let status, let message, let retryAfter):
            var response = Self.error(status, message)
            if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
            return response
        case .errorInBody(let code, let message):
            return .json(["error": ["code": JSON(code), "message": .string(message), "metadata": ["provider_name": "Fake"]]])
        case .safetyBlock(let reasons):
            let metadata: JSON = [
                "reasons": .array(reasons.map(JSON.string)), "flagged_input": .string(String((record.prompt ?? "").prefix(100))),
                "provider_name": "Fake", "model_slug": JSON(record.model),
            ]
            return Self.error(403, "\(record.model ?? "model") requires moderation on Fake. Your input was flagged for \"\(reasons.joined(separator: ", "))\"", metadata: metadata)
        case .slow(let seconds):
            return answer(.success, to: record, chat: chat).delayed(by: .milliseconds(Int(seconds * 1000)))
        case .raw(let response):
            return response
        }
    }

    /// `{"created","data":[{"b64_json"}…],"usage"}` with `n` images.
    private func imagesSuccess(_ record: FakeAIRequest) throws(FakeRejection) -> LoopbackResponse {
        let format = script.resultFormat
        var data: [JSON] = []
        for index in 0..<(record.count ?? 1) {
            data.append(["b64_json": .string(FakeBase64.encode(try FakeResultImage.make(format: format, index: index)))])
        }
        return .json(["created": 1_700_000_000, "data": .array(data), "usage": ["cost": 0.04, "images": JSON(data.count)]])
    }

    /// A chat completion whose message carries one image as a data URI.
    private func chatSuccess(_ record: FakeAIRequest) throws(FakeRejection) -> LoopbackResponse {
        let format = script.resultFormat
        let bytes = try FakeResultImage.make(format: format, index: script.requests.count)
        let image: JSON = ["type": "image_url", "image_url": ["url": .string("data:\(format.mimeType);base64,\(FakeBase64.encode(bytes))")]]
        return .json(chatCompletion(record, content: "Here is the outfit.", images: [image], finish: "stop"))
    }

    private func chatCompletion(_ record: FakeAIRequest, content: JSON, images: [JSON], finish: String) -> JSON {
        var message: JSON = ["role": "assistant", "content": content]
        if !images.isEmpty { message = message.setting("images", .array(images)) }
        return [
            "id": "gen-fake", "object": "chat.completion", "created": 1_700_000_000, "model": JSON(record.model),
            "provider": "Fake",
            "choices": [["index": 0, "finish_reason": .string(finish), "native_finish_reason": "STOP", "message": message]],
            "usage": ["prompt_tokens": 1290, "completion_tokens": 1300, "total_tokens": 2590],
        ]
    }
}
