import JSON

extension FakeGemini {
    /// Everything the request handler needs, without a reference back to the fake.
    struct Context: Sendable {
        let key: String
        let maximumImages: Int
        let script: FakeScript<Behaviour>

        private static let prefix = "/v1beta/models/"
        private static let suffix = ":generateContent"

        /// Routes, checks, records and answers one request.
        func handle(_ raw: LoopbackRequest) async -> LoopbackResponse {
            var record = FakeAIRequest(raw: raw, credential: raw.header("x-goog-api-key"))
            defer { script.record(record) }
            let isList = raw.method == "GET" && raw.path == "/v1beta/models"
            let isGenerate = raw.method == "POST" && raw.path.hasPrefix(Self.prefix) && raw.path.hasSuffix(Self.suffix)
            guard isList || isGenerate else {
                record.rejection = "no route \(raw.method) \(raw.path)"
                return Self.error(404, "NOT_FOUND", "Requested entity was not found.")
            }
            guard let credential = record.credential else {
                record.rejection = "no x-goog-api-key header"
                return Self.error(403, "PERMISSION_DENIED",
                                  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.")
            }
            guard credential == key else {
                record.rejection = "wrong x-goog-api-key"
                return Self.error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", details: [[
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                    "domain": "googleapis.com", "metadata": ["service": "generativelanguage.googleapis.com"],
                ]])
            }
            if isList {
                return .json(["models": [
                    ["name": "models/gemini-2.5-flash-image", "displayName": "Nano Banana"],
                    ["name": "models/gemini-2.5-flash", "displayName": "Gemini 2.5 Flash"],
                ]])
            }
            record.model = String(raw.path.dropFirst(Self.prefix.count).dropLast(Self.suffix.count))
            do throws(FakeRejection) {
                guard raw.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
                    throw FakeRejection("Content-Type must be application/json")
                }
                guard let json = try? raw.jsonBody() else { throw FakeRejection("Invalid JSON payload received.") }
                record.json = json
                try await check(json, into: &record)
            } catch {
                record.rejection = error.reason
                return Self.error(400, "INVALID_ARGUMENT", "Invalid JSON payload received. \(error.reason)", details: [[
                    "@type": "type.googleapis.com/google.rpc.BadRequest",
                    "fieldViolations": [["description": .string(error.reason)]],
                ]])
            }
            return answer(script.next() ?? .success, to: record)
        }

        /// `{"contents":[{"role","parts":[{"text"},{"inline_data":{"mime_type","data"}}]}],"generationConfig":{…}}`.
        private func check(_ json: JSON, into record: inout FakeAIRequest) async throws(FakeRejection) {
            let body = try FieldCheck.object(json, at: "body", required: ["contents"], optional: ["generationConfig", "safetySettings"])
            if let config = body["generationConfig"] {
                let members = try FieldCheck.object(config, at: "generationConfig", required: [], optional: ["responseModalities", "imageConfig"])
                let modalities = members["responseModalities"]?.array?.compactMap(\.string) ?? []
                guard modalities.contains("IMAGE") else { throw FakeRejection("generationConfig.responseModalities must include IMAGE") }
                if let imageConfig = members["imageConfig"] {
                    let fields = try FieldCheck.object(imageConfig, at: "generationConfig.imageConfig", required: [], optional: ["aspectRatio"])
                    if fields["aspectRatio"] != nil {
                        record.aspectRatio = try FieldCheck.aspectRatio(fields["aspectRatio"], at: "generationConfig.imageConfig.aspectRatio")
                    }
                }
            }
            var texts: [String] = []
            for (contentIndex, content) in try FieldCheck.array(body["contents"], at: "contents").enumerated() {
                let path = "contents[\(contentIndex)]"
                let members = try FieldCheck.object(content, at: path, required: ["parts"], optional: ["role"])
                if let role = members["role"], role.string != "user" { throw FakeRejection("\(path).role must be user") }
                for (partIndex, part) in try FieldCheck.array(members["parts"], at: "\(path).parts").enumerated() {
                    let partPath = "\(path).parts[\(partIndex)]"
                    let fields = try FieldCheck.object(part, at: partPath, required: [], optional: ["text", "inline_data", "inlineData"])
                    guard fields.count == 1 else { throw FakeRejection("\(partPath) must hold exactly one of text, inline_data") }
                    if let text = fields["text"] {
                        texts.append(try FieldCheck.string(text, at: "\(partPath).text"))
                    } else {
                        let snake = fields["inline_data"] != nil
                        let inlinePath = "\(partPath).\(snake ? "inline_data" : "inlineData")"
                        let typeKey = snake ? "mime_type" : "mimeType"
                        let inline = try FieldCheck.object(fields["inline_data"] ?? fields["inlineData"], at: inlinePath, required: [typeKey, "data"])
                        let type = try FieldCheck.string(inline[typeKey], at: "\(inlinePath).\(typeKey)")
                        let data = try FieldCheck.string(inline["data"], at: "\(inlinePath).data")
                        record.images.append(try await UploadCheck.inspect(base64: data, declaredType: type, number: record.images.count + 1))
                    }
                }
            }
            if record.images.count > maximumImages {
                throw FakeRejection("\(record.images.count) images, at most \(maximumImages) accepted")
            }
            guard !texts.isEmpty else { throw FakeRejection("no text part with the prompt") }
            record.prompt = texts.joined(separator: "\n")
        }

        /// Google's error body.
        static func error(_ code: Int, _ status: String, _ message: String, details: [JSON] = []) -> LoopbackResponse {
            var error: JSON = ["code": JSON(code), "message": .string(message), "status": .string(status)]
            if !details.isEmpty { error = error.setting("details", .array(details)) }
            return .json(["error": error], status: code)
        }
    }
}
