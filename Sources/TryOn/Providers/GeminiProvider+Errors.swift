import HTTP
import JSON

extension GeminiProvider {
    /// The error for a failed answer, from the Google error body `{"error":{"code","status","message","details"}}`.
    ///
    /// 400 with reason API_KEY_INVALID, 401 and 403 (PERMISSION_DENIED) → invalid key; 429 RESOURCE_EXHAUSTED →
    /// rate limited, the delay from `details[].retryDelay`, the message ("retry in 28s") or Retry-After;
    /// 5xx → server error; other 4xx → bad request.
    func failure(_ response: HTTPResponse, body: JSON?) -> TryOnError {
        let error = body?["error"]
        let code = error?["code"]?.int.map(Int.init) ?? response.status
        let status = error?["status"]?.string ?? ""
        let message = connection.redacted(error?["message"]?.string ?? connection.snippet(response.text))
        let details = error?["details"]?.array ?? []
        let reasons = details.compactMap { $0["reason"]?.string }
        switch code {
        case 400 where reasons.contains("API_KEY_INVALID") || message.contains("API key not valid"):
            return .invalidKey(service)
        case 401, 403:
            return .invalidKey(service)
        case 429:
            let retryDelay = details.lazy.compactMap { RetryDelay.protobufDuration($0["retryDelay"]?.string) }.first
            let delay = retryDelay ?? RetryDelay.inMessage(message) ?? RetryDelay.header(response.headers["Retry-After"])
            return .rateLimited(service, retryAfter: delay)
        case 500...599:
            return .serverError(service, status: code, message: status.isEmpty ? message : "\(status): \(message)")
        case 400...499:
            return .badRequest(service, message: status.isEmpty ? message : "\(status): \(message)")
        default:
            return .badResponse(service, detail: "unexpected status \(code): \(message)")
        }
    }
}
