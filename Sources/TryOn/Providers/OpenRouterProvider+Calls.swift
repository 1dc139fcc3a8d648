import HTTP
import JSON

extension OpenRouterProvider {
    /// `POST /api/v1/images`: all variations in one call through `n`.
    func generateWithImagesAPI(_ request: GenerationRequest) async throws(TryOnError) -> [GeneratedImage] {
        let references: [JSON] = request.images.map {
            ["type": "image_url", "image_url": ["url": .string(DataURI.encode($0.bytes, mimeType: $0.mimeType))]]
        }
        let body: JSON = [
            "model": .string(model),
            "prompt": .string(request.prompt),
            "input_references": .array(references),
            "aspect_ratio": .string(request.aspectRatio),
            "n": JSON(request.count),
        ]
        let json = try await post("/api/v1/images", body)
        guard let entries = json["data"]?.array, !entries.isEmpty else { throw .noImageReturned(service, text: nil) }
        let reader = ResultImageReader(connection: connection)
        var images: [GeneratedImage] = []
        for entry in entries {
            if let base64 = entry["b64_json"]?.string {
                images.append(try await reader.image(base64: base64))
            } else if let reference = entry["url"]?.string {
                images.append(try await reader.image(reference: reference))
            }
        }
        if images.isEmpty { throw .badResponse(service, detail: "data entries carry neither b64_json nor url") }
        return images
    }

    /// `POST /api/v1/chat/completions` with image output: one variation.
    func generateWithChatAPI(_ request: GenerationRequest) async throws(TryOnError) -> [GeneratedImage] {
        var content: [JSON] = [["type": "text", "text": .string(request.prompt)]]
        for image in request.images {
            content.append(["type": "image_url", "image_url": ["url": .string(DataURI.encode(image.bytes, mimeType: image.mimeType))]])
        }
        let body: JSON = [
            "model": .string(model),
            "messages": [["role": "user", "content": .array(content)]],
            "modalities": ["image", "text"],
            "image_config": ["aspect_ratio": .string(request.aspectRatio)],
        ]
        let json = try await post("/api/v1/chat/completions", body)
        guard let choice = json["choices"]?[0] else { throw .badResponse(service, detail: "answer has no choices") }
        if let error = choice["error"], error.object != nil { throw failure(status: 200, error: error, headers: [:]) }
        let message = choice["message"]
        let reader = ResultImageReader(connection: connection)
        var images: [GeneratedImage] = []
        for entry in message?["images"]?.array ?? [] {
            guard let reference = entry["image_url"]?["url"]?.string else { continue }
            images.append(try await reader.image(reference: reference))
        }
        if !images.isEmpty { return images }
        let text = Self.text(of: message?["content"])
        let finish = choice["native_finish_reason"]?.string ?? choice["finish_reason"]?.string ?? ""
        if finish == "content_filter" || GeminiProvider.safetyFinishReasons.contains(finish) {
            throw .safetyBlocked(service, reason: finish)
        }
        throw .noImageReturned(service, text: text.map(connection.redacted))
    }

    /// Sends a JSON body to an API path and returns the parsed answer, mapping every kind of error.
    private func post(_ path: String, _ body: JSON) async throws(TryOnError) -> JSON {
        let response = try await connection.send(connection.request(.post, url(path), headers: headers, json: body))
        let json = connection.json(response)
        // An error can arrive with status 200 once the model has started working.
        if !response.isSuccess || json?["error"] != nil { throw failure(response, body: json) }
        return try connection.requireJSON(response)
    }

    /// A message's text, whether `content` is a string or a list of text parts.
    static func text(of content: JSON?) -> String? {
        if let text = content?.string { return text.isEmpty ? nil : text }
        let parts = content?.array?.compactMap { $0["text"]?.string } ?? []
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
