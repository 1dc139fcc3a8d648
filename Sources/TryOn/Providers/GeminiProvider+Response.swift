import JSON

extension GeminiProvider {
    /// The images of a 200 answer, or the safety block or empty answer it describes instead.
    ///
    /// Reads `inlineData {mimeType, data}` and the snake_case spelling; skips thought parts (draft images).
    func images(in answer: JSON) async throws(TryOnError) -> [GeneratedImage] {
        let candidates = answer["candidates"]?.array ?? []
        if candidates.isEmpty {
            let feedback = answer["promptFeedback"] ?? answer["prompt_feedback"]
            if let reason = (feedback?["blockReason"] ?? feedback?["block_reason"])?.string {
                let message = (feedback?["blockReasonMessage"] ?? feedback?["block_reason_message"])?.string
                throw .safetyBlocked(service, reason: describe(reason, message))
            }
            throw .noImageReturned(service, text: nil)
        }
        let reader = ResultImageReader(connection: connection)
        var images: [GeneratedImage] = []
        var texts: [String] = []
        for candidate in candidates {
            for part in candidate["content"]?["parts"]?.array ?? [] where part["thought"]?.bool != true {
                if let inline = part["inlineData"] ?? part["inline_data"], let data = inline["data"]?.string {
                    let mimeType = (inline["mimeType"] ?? inline["mime_type"])?.string ?? "application/octet-stream"
                    images.append(try await reader.image(reference: "data:\(mimeType);base64,\(data)"))
                } else if let text = part["text"]?.string {
                    texts.append(text)
                }
            }
        }
        if !images.isEmpty { return images }
        let text = texts.isEmpty ? nil : connection.redacted(texts.joined(separator: " "))
        let first = candidates[0]
        let finishReason = (first["finishReason"] ?? first["finish_reason"])?.string ?? ""
        if Self.safetyFinishReasons.contains(finishReason) {
            let message = (first["finishMessage"] ?? first["finish_message"])?.string
            throw .safetyBlocked(service, reason: describe(finishReason, message))
        }
        throw .noImageReturned(service, text: text ?? (finishReason.isEmpty ? nil : "finish reason \(finishReason)"))
    }

    /// "IMAGE_SAFETY: the message", or the bare reason.
    private func describe(_ reason: String, _ message: String?) -> String {
        guard let message, !message.isEmpty else { return reason }
        return "\(reason): \(connection.redacted(message))"
    }
}
