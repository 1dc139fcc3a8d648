import JSON

extension FakeGemini.Context {
    /// The response for a behaviour to an accepted generation request.
    func answer(_ behaviour: FakeGemini.Behaviour, to record: FakeAIRequest) -> LoopbackResponse {
        switch behaviour {
        case .success, .successSnakeCase:
            let snake: Bool
            if case .successSnakeCase = behaviour { snake = true } else { snake = false }
            let format = script.resultFormat
            let bytes: [UInt8]
            do throws(FakeRejection) {
                bytes = try FakeResultImage.make(format: format, index: script.requests.count)
            } catch {
                return Self.error(500, "INTERNAL", error.reason)
            }
            let inline: JSON = snake
                ? ["inline_data": ["mime_type": .string(format.mimeType), "data": .string(FakeBase64.encode(bytes))]]
                : ["inlineData": ["mimeType": .string(format.mimeType), "data": .string(FakeBase64.encode(bytes))]]
            return .json(answer(record, candidates: [candidate(parts: [["text": "Here is the outfit on you."], inline], finish: "STOP")]))
        case .textOnly(let text):
            return .json(answer(record, candidates: [candidate(parts: [["text": .string(text)]], finish: "STOP")]))
        case .noImage:
            return .json(answer(record, candidates: [["finishReason": "NO_IMAGE", "index": 0]]))
        case .safetyBlock(.promptBlocked(let reason)):
            return .json([
                "promptFeedback": ["blockReason": .string(reason)],
                "usageMetadata": ["promptTokenCount": 1300, "totalTokenCount": 1300],
                "modelVersion": JSON(record.model),
            ])
        case .safetyBlock(.finishReason(let reason)):
            return .json(answer(record, candidates: [["finishReason": .string(reason), "index": 0]]))
        case .rateLimited(let seconds, let retryInfo):
            var details: [JSON] = [[
                "@type": "type.googleapis.com/google.rpc.QuotaFailure",
                "violations": [["quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                                "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"]],
            ]]
            if retryInfo { details.append(["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": .string("\(seconds)s")]) }
            return Self.error(429, "RESOURCE_EXHAUSTED",
                              "You exceeded your current quota, please check your plan and billing details. Please retry in \(seconds).5s.",
                              details: details)
        case .error(let status, let grpcStatus, let message, let details):
            return Self.error(status, grpcStatus, message, details: details)
        case .slow(let seconds):
            return answer(.success, to: record).delayed(by: .milliseconds(Int(seconds * 1000)))
        case .raw(let response):
            return response
        }
    }

    private func candidate(parts: [JSON], finish: String) -> JSON {
        ["content": ["role": "model", "parts": .array(parts)], "finishReason": .string(finish), "index": 0]
    }

    private func answer(_ record: FakeAIRequest, candidates: [JSON]) -> JSON {
        [
            "candidates": .array(candidates),
            "usageMetadata": ["promptTokenCount": 1300, "candidatesTokenCount": 1290, "totalTokenCount": 2590],
            "modelVersion": JSON(record.model),
            "responseId": "fake-response",
        ]
    }
}
