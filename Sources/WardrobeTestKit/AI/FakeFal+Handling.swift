import JSON

extension FakeFal {
    /// Everything the request handler needs, without a reference back to the fake.
    struct Context: Sendable {
        let key: String
        let path: String
        let maximumImages: Int
        let script: FakeScript<Behaviour>

        private static let optionalFields: Set<String> = [
            "num_images", "image_size", "sync_mode", "enable_safety_checker", "seed", "max_images",
        ]

        /// Routes, checks, records and answers one request.
        func handle(_ raw: LoopbackRequest) async -> LoopbackResponse {
            var record = FakeAIRequest(raw: raw, credential: raw.header("Authorization"))
            defer { script.record(record) }
            if raw.method == "GET", let file = script.file(at: raw.path) {
                return LoopbackResponse(status: 200, headers: [("Content-Type", file.type)], body: file.bytes)
            }
            guard raw.method == "POST", raw.path == path else {
                record.rejection = "no route \(raw.method) \(raw.path)"
                return .json(["detail": "Application not found"], status: 404)
            }
            guard let credential = record.credential else {
                record.rejection = "no Authorization header"
                return .json(["detail": "Missing authorization header"], status: 401)
            }
            guard credential == "Key \(key)" else {
                record.rejection = "wrong Authorization header"
                return .json(["detail": "No user found for Key ID and Secret"], status: 401)
            }
            record.model = String(path.dropFirst())
            do throws(FakeRejection) {
                guard raw.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
                    throw FakeRejection("Content-Type must be application/json")
                }
                guard let json = try? raw.jsonBody() else { throw FakeRejection("body is not JSON") }
                record.json = json
                try await check(json, into: &record)
            } catch {
                record.rejection = error.reason
                return Self.validationError(error.reason)
            }
            let origin = raw.header("Host").map { "http://\($0)" } ?? ""
            return answer(script.next() ?? .success, to: record, origin: origin)
        }

        /// `{"prompt","image_urls":[data URIs],"num_images","image_size":{"width","height"},"sync_mode","enable_safety_checker"}`.
        private func check(_ json: JSON, into record: inout FakeAIRequest) async throws(FakeRejection) {
            let body = try FieldCheck.object(json, at: "body", required: ["prompt", "image_urls"], optional: Self.optionalFields)
            record.prompt = try FieldCheck.string(body["prompt"], at: "prompt")
            if body["num_images"] != nil { record.count = try FieldCheck.int(body["num_images"], at: "num_images", in: 1...6) }
            if let size = body["image_size"], size.string == nil {
                let fields = try FieldCheck.object(size, at: "image_size", required: ["width", "height"])
                let width = try FieldCheck.int(fields["width"], at: "image_size.width", in: 1024...4096)
                let height = try FieldCheck.int(fields["height"], at: "image_size.height", in: 1024...4096)
                record.aspectRatio = Self.ratio(width, height)
            }
            for flag in ["sync_mode", "enable_safety_checker"] where body[flag] != nil && body[flag]?.bool == nil {
                throw FakeRejection("\(flag) must be a boolean")
            }
            let urls = try FieldCheck.array(body["image_urls"], at: "image_urls")
            if urls.count > maximumImages { throw FakeRejection("\(urls.count) images, at most \(maximumImages) accepted") }
            for (index, url) in urls.enumerated() {
                let text = try FieldCheck.string(url, at: "image_urls[\(index)]")
                record.images.append(try await UploadCheck.inspect(dataURI: text, number: index + 1))
            }
        }

        /// "9:16" for 1440×2560.
        private static func ratio(_ width: Int, _ height: Int) -> String {
            func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
            let divisor = gcd(width, height)
            return "\(width / divisor):\(height / divisor)"
        }

        /// Fal's 422 body for a request it cannot use.
        static func validationError(_ message: String, type: String = "value_error") -> LoopbackResponse {
            .json(["detail": [["loc": ["body"], "msg": .string(message), "type": .string(type)]]], status: 422)
        }
    }
}
