import HTTP
import JSON

/// Calls Bot API methods over an injected HTTP transport: `{base}/bot<token>/METHOD`.
///
/// Parameters go as a JSON body, or as multipart/form-data when files are uploaded.
/// Every answer is checked for the Bot API shape and turned into a result or a typed error.
public struct TelegramClient: Sendable {
    private let token: String
    private let baseURL: String
    private let transport: any HTTPTransport
    /// The total timeout of an ordinary call.
    public var callTimeout: Duration = .seconds(60)

    /// A client for the bot with `token` at `baseURL` (e.g. "https://api.telegram.org").
    public init(token: String, baseURL: String, transport: any HTTPTransport) {
        self.token = token
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    /// Calls `method` with `parameters` (and `files`, which force multipart) and returns `result`.
    @discardableResult
    public func call(
        _ method: String, _ parameters: [String: JSON] = [:], files: [MultipartPart] = [], longPoll: Duration? = nil
    ) async throws(TelegramError) -> JSON {
        var request = HTTPRequest(method: .post, url: "\(baseURL)/bot\(token)/\(method)", headers: ["Accept": "application/json"])
        if files.isEmpty {
            // Keys in any order: only Telegram reads the body.
            request.body = .bytes(JSON.object(parameters).serializedBytes(sortingKeys: false), contentType: "application/json")
        } else {
            let fields = parameters.sorted { $0.key < $1.key }.map { key, value in
                MultipartPart.field(key, value.string ?? value.serialized())
            }
            request.body = .multipart(fields + files)
        }
        request.timeout = callTimeout
        if let longPoll { request = request.longPoll(serverTimeout: longPoll) }
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await transport.send(request)
        } catch {
            throw .network(error)
        }
        return try TelegramClient.result(of: response)
    }

    /// Fetches pending updates from `offset`, holding the request up to `timeout` seconds.
    public func updates(offset: Int64?, timeout: Int, limit: Int) async throws(TelegramError) -> [JSON] {
        var parameters: [String: JSON] = [
            "timeout": JSON(timeout), "limit": JSON(limit),
            "allowed_updates": .array(TelegramConfiguration.allowedUpdates.map(JSON.string)),
        ]
        if let offset { parameters["offset"] = .int(offset) }
        let result = try await call("getUpdates", parameters, longPoll: .seconds(timeout))
        guard let list = result.array else { throw .malformedResponse("getUpdates result is not an array") }
        return list
    }

    /// Downloads a file: `getFile`, then `GET {base}/file/bot<token>/<file_path>`, refusing files over `maxBytes`.
    public func download(fileID: String, maxBytes: Int) async throws(TelegramError) -> [UInt8] {
        let file = try await call("getFile", ["file_id": .string(fileID)])
        if let size = file["file_size"]?.int, size > maxBytes { throw .fileTooLarge(bytes: Int(size), limit: maxBytes) }
        guard let path = file["file_path"]?.string else { throw .malformedResponse("getFile result has no file_path") }
        var request = HTTPRequest(url: "\(baseURL)/file/bot\(token)/\(path)")
        request.maxResponseBytes = maxBytes
        request.timeout = .seconds(120)
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await transport.send(request)
        } catch {
            if case .responseTooLarge(let limit) = error { throw .fileTooLarge(bytes: limit + 1, limit: maxBytes) }
            throw .network(error)
        }
        guard response.isSuccess else {
            _ = try TelegramClient.result(of: response)
            throw .server(status: response.status, description: "file download failed")
        }
        return response.body
    }

    /// The `result` of a Bot API answer, or its typed error.
    static func result(of response: HTTPResponse) throws(TelegramError) -> JSON {
        let json: JSON
        do {
            json = try JSON.parse(bytes: response.body)
        } catch {
            if response.status >= 500 { throw .server(status: response.status, description: "non-JSON body") }
            throw .malformedResponse("status \(response.status), \(error)")
        }
        if json["ok"]?.bool == true, let result = json["result"] { return result }
        guard json["ok"]?.bool == false else { throw .malformedResponse("no ok field (status \(response.status))") }
        let code = Int(json["error_code"]?.int ?? Int64(response.status))
        let description = json["description"]?.string ?? "no description"
        switch code {
        case 400: throw .badRequest(description)
        case 401: throw .unauthorized(description)
        case 403: throw .forbidden(description)
        case 409: throw .conflict(description)
        case 429:
            // Bounded where it enters (1 s…1 day): a retry_after of 1e18 must not reach a date or sleep conversion.
            let seconds = json["parameters"]?["retry_after"]?.double.flatMap { RetryAfter(seconds: $0) }?.wholeSeconds ?? 1
            throw .tooManyRequests(retryAfter: seconds, description: description)
        case 500...: throw .server(status: code, description: description)
        default: throw .api(code: code, description: description)
        }
    }
}
