import JSON

extension FakeFal.Context {
    /// The response for a behaviour to an accepted generation request; `origin` is where files are served.
    func answer(_ behaviour: FakeFal.Behaviour, to record: FakeAIRequest, origin: String) -> LoopbackResponse {
        switch behaviour {
        case .success, .successAsURL:
            let asURL: Bool
            if case .successAsURL = behaviour { asURL = true } else { asURL = false }
            let format = script.resultFormat
            var images: [JSON] = []
            for index in 0..<(record.count ?? 1) {
                let bytes: [UInt8]
                do throws(FakeRejection) {
                    bytes = try FakeResultImage.make(format: format, index: index)
                } catch {
                    return .json(["detail": .string(error.reason)], status: 500)
                }
                let url = asURL ? origin + script.store(bytes, format: format) : "data:\(format.mimeType);base64,\(FakeBase64.encode(bytes))"
                images.append([
                    "url": .string(url), "content_type": .string(format.mimeType), "file_name": .string("result.\(format.fileExtension)"),
                    "file_size": JSON(bytes.count), "width": 144, "height": 256,
                ])
            }
            return .json(["images": .array(images), "seed": 42])
        case .noImages:
            return .json(["images": [], "seed": 42])
        case .safetyBlock:
            return .json(["detail": [[
                "loc": ["body", "prompt"], "msg": "The content could not be processed because it contained material flagged by a content checker.",
                "type": "content_policy_violation", "url": "https://docs.fal.ai/errors#content_policy_violation",
            ]]], status: 422)
        case .validationError(let message):
            return Self.validationError(message)
        case .error(let status, let detail, let errorType, let retryAfter):
            var body: JSON = ["detail": .string(detail)]
            var response = LoopbackResponse.json(body, status: status)
            if let errorType {
                body = body.setting("error_type", .string(errorType))
                response = LoopbackResponse.json(body, status: status)
                response.headers.append(("X-Fal-Error-Type", errorType))
            }
            if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
            return response
        case .slow(let seconds):
            return answer(.success, to: record, origin: origin).delayed(by: .milliseconds(Int(seconds * 1000)))
        case .raw(let response):
            return response
        }
    }
}
