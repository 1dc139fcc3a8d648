import HTTP
import JSON

extension FalProvider {
    /// The error for a failed answer.
    ///
    /// 422 with a `content_policy_violation` detail → safety block, other 422 and 400 → bad request;
    /// 401 → invalid key; 403 → out of credits when Fal says the balance is exhausted, else invalid key;
    /// 429 → rate limited; 5xx with `X-Fal-Error-Type` (or `error_type`) naming a timeout → timeout,
    /// any other 5xx → server error.
    func failure(_ response: HTTPResponse) -> TryOnError {
        let body = connection.json(response)
        let detail = body?["detail"]
        let items = detail?.array ?? []
        let message = connection.redacted(
            detail?.string ?? items.compactMap { $0["msg"]?.string }.joined(separator: "; ").nonEmpty
                ?? connection.snippet(response.text))
        let errorType = response.headers["X-Fal-Error-Type"] ?? body?["error_type"]?.string
        switch response.status {
        case 422 where items.contains { $0["type"]?.string == "content_policy_violation" }:
            return .safetyBlocked(service, reason: message)
        case 401:
            return .invalidKey(service)
        case 403:
            let lowered = message.lowercased()
            return lowered.contains("balance") || lowered.contains("locked") ? .outOfCredits(service) : .invalidKey(service)
        case 429:
            return .rateLimited(service, retryAfter: RetryDelay.header(response.headers["Retry-After"]))
        case 500...599:
            if let errorType, errorType.contains("timeout") { return .timeout(service) }
            return .serverError(service, status: response.status, message: errorType.map { "\($0): \(message)" } ?? message)
        case 400...499:
            return .badRequest(service, message: message)
        default:
            return .badResponse(service, detail: "unexpected status \(response.status): \(message)")
        }
    }
}

extension String {
    /// The text, or nil when empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
