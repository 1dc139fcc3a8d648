import JSON

/// A Bot API call decoded from any of the legal encodings: query string, urlencoded form,
/// JSON body or multipart/form-data (the only one that may carry files).
struct FakeBotRequest: Sendable {
    /// Fields whose values are JSON-serialized when sent as form or multipart fields.
    static let jsonFields: Set<String> = ["reply_markup", "media", "allowed_updates", "commands", "options", "reply_parameters", "entities", "caption_entities"]

    let method: String
    var parameters: [String: JSON] = [:]
    var files: [String: LoopbackMultipartPart] = [:]
    var encoding = "query"

    /// Decodes `request` for `method`; malformed bodies become the Bot API's 400.
    init(method: String, request: LoopbackRequest) throws(FakeBotError) {
        self.method = method
        for item in request.queryItems { parameters[item.name] = FakeBotRequest.value(item.name, item.value) }
        let type = request.header("Content-Type")?.lowercased() ?? ""
        if request.body.isEmpty { return }
        if type.hasPrefix("application/json") {
            encoding = "json"
            guard let object = (try? request.jsonBody())?.object else { throw .badRequest("can't parse JSON body") }
            for (key, value) in object { parameters[key] = value }
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            encoding = "form"
            for field in request.formFields() { parameters[field.name] = FakeBotRequest.value(field.name, field.value) }
        } else if type.hasPrefix("multipart/form-data") {
            encoding = "multipart"
            guard let parts = try? request.multipartParts() else { throw .badRequest("can't parse multipart body") }
            for part in parts {
                if part.filename != nil {
                    files[part.name] = part
                } else {
                    parameters[part.name] = FakeBotRequest.value(part.name, part.text)
                }
            }
        } else {
            throw .badRequest("unsupported Content-Type \(type)")
        }
    }

    private static func value(_ name: String, _ text: String) -> JSON {
        if jsonFields.contains(name), let parsed = try? JSON.parse(text) { return parsed }
        return .string(text)
    }

    /// The parameter, or the Bot API's complaint about a missing one.
    func required(_ name: String) throws(FakeBotError) -> JSON {
        guard let value = parameters[name], !value.isNull else { throw .badRequest("\(name) is empty") }
        if let text = value.string, text.isEmpty { throw .badRequest("\(name) is empty") }
        return value
    }

    /// An integer parameter (numbers may arrive as strings in forms).
    func integer(_ name: String) throws(FakeBotError) -> Int64 {
        let value = try required(name)
        if let number = value.int { return number }
        if let text = value.string, let number = Int64(text) { return number }
        throw .badRequest("\(name) must be an integer")
    }

    /// A boolean parameter, false when absent.
    func flag(_ name: String) -> Bool {
        guard let value = parameters[name] else { return false }
        return value.bool ?? (value.string == "true")
    }
}
