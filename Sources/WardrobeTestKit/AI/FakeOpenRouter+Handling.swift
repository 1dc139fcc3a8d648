import JSON

extension FakeOpenRouter {
    /// Everything the request handler needs, without a reference back to the fake.
    struct Context: Sendable {
        let key: String
        let maximumImages: Int
        let keyData: JSON
        let script: FakeScript<Behaviour>

        /// Routes, checks, records and answers one request.
        func handle(_ raw: LoopbackRequest) async -> LoopbackResponse {
            var record = FakeAIRequest(raw: raw, credential: raw.header("Authorization"))
            defer { script.record(record) }
            let route = (raw.method, raw.path)
            guard route == ("GET", "/api/v1/key") || route == ("POST", "/api/v1/images") || route == ("POST", "/api/v1/chat/completions") else {
                record.rejection = "no route \(raw.method) \(raw.path)"
                return Self.error(404, "Not Found")
            }
            guard let credential = record.credential else {
                record.rejection = "no Authorization header"
                return Self.error(401, "No auth credentials found")
            }
            guard credential == "Bearer \(key)" else {
                record.rejection = "wrong Authorization header"
                return Self.error(401, "User not found.")
            }
            if raw.method == "GET" { return .json(["data": keyData]) }
            do throws(FakeRejection) {
                guard raw.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
                    throw FakeRejection("Content-Type must be application/json")
                }
                guard let json = try? raw.jsonBody() else { throw FakeRejection("body is not JSON") }
                record.json = json
                if raw.path == "/api/v1/images" {
                    try await checkImagesRequest(json, into: &record)
                } else {
                    try await checkChatRequest(json, into: &record)
                }
            } catch {
                record.rejection = error.reason
                return Self.error(400, error.reason)
            }
            return answer(script.next() ?? .success, to: record, chat: raw.path != "/api/v1/images")
        }

        /// `{"model","prompt","input_references":[{"type":"image_url","image_url":{"url"}}],"aspect_ratio","n"}`.
        private func checkImagesRequest(_ json: JSON, into record: inout FakeAIRequest) async throws(FakeRejection) {
            let body = try FieldCheck.object(json, at: "body", required: ["model", "prompt", "input_references"], optional: ["aspect_ratio", "n"])
            record.model = try FieldCheck.string(body["model"], at: "model")
            record.prompt = try FieldCheck.string(body["prompt"], at: "prompt")
            if body["n"] != nil { record.count = try FieldCheck.int(body["n"], at: "n", in: 1...4) }
            if body["aspect_ratio"] != nil { record.aspectRatio = try FieldCheck.aspectRatio(body["aspect_ratio"], at: "aspect_ratio") }
            let references = try FieldCheck.array(body["input_references"], at: "input_references")
            try checkCount(references.count)
            for (index, reference) in references.enumerated() {
                let path = "input_references[\(index)]"
                let entry = try FieldCheck.object(reference, at: path, required: ["type", "image_url"])
                guard entry["type"]?.string == "image_url" else { throw FakeRejection("\(path).type must be image_url") }
                let imageURL = try FieldCheck.object(entry["image_url"], at: "\(path).image_url", required: ["url"])
                let url = try FieldCheck.string(imageURL["url"], at: "\(path).image_url.url")
                record.images.append(try await UploadCheck.inspect(dataURI: url, number: index + 1))
            }
        }

        /// `{"model","messages":[{"role":"user","content":[text and image_url parts]}],"modalities","image_config"}`.
        private func checkChatRequest(_ json: JSON, into record: inout FakeAIRequest) async throws(FakeRejection) {
            let body = try FieldCheck.object(json, at: "body", required: ["model", "messages"], optional: ["modalities", "image_config"])
            record.model = try FieldCheck.string(body["model"], at: "model")
            let modalities = body["modalities"]?.array?.compactMap(\.string) ?? []
            guard modalities.contains("image") else { throw FakeRejection("modalities must include image for image output") }
            if let config = body["image_config"] {
                let members = try FieldCheck.object(config, at: "image_config", required: [], optional: ["aspect_ratio"])
                if members["aspect_ratio"] != nil { record.aspectRatio = try FieldCheck.aspectRatio(members["aspect_ratio"], at: "image_config.aspect_ratio") }
            }
            var texts: [String] = []
            for (messageIndex, message) in try FieldCheck.array(body["messages"], at: "messages").enumerated() {
                let path = "messages[\(messageIndex)]"
                let members = try FieldCheck.object(message, at: path, required: ["role", "content"])
                guard members["role"]?.string == "user" else { throw FakeRejection("\(path).role must be user") }
                for (partIndex, part) in try FieldCheck.array(members["content"], at: "\(path).content").enumerated() {
                    let partPath = "\(path).content[\(partIndex)]"
                    switch part["type"]?.string {
                    case "text":
                        let fields = try FieldCheck.object(part, at: partPath, required: ["type", "text"])
                        texts.append(try FieldCheck.string(fields["text"], at: "\(partPath).text"))
                    case "image_url":
                        let fields = try FieldCheck.object(part, at: partPath, required: ["type", "image_url"])
                        let imageURL = try FieldCheck.object(fields["image_url"], at: "\(partPath).image_url", required: ["url"])
                        let url = try FieldCheck.string(imageURL["url"], at: "\(partPath).image_url.url")
                        record.images.append(try await UploadCheck.inspect(dataURI: url, number: record.images.count + 1))
                    default:
                        throw FakeRejection("\(partPath).type must be text or image_url")
                    }
                }
            }
            try checkCount(record.images.count)
            guard !texts.isEmpty else { throw FakeRejection("no text part with the prompt") }
            record.prompt = texts.joined(separator: "\n")
        }

        private func checkCount(_ count: Int) throws(FakeRejection) {
            if count > maximumImages { throw FakeRejection("\(count) images, at most \(maximumImages) accepted") }
        }

        /// OpenRouter's error body with `status` as both HTTP status and `code`.
        static func error(_ status: Int, _ message: String, metadata: JSON? = nil) -> LoopbackResponse {
            var error: JSON = ["code": JSON(status), "message": .string(message)]
            if let metadata { error = error.setting("metadata", metadata) }
            return .json(["error": error], status: status)
        }
    }
}
