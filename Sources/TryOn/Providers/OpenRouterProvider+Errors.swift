import HTTP
import JSON

extension OpenRouterProvider {
    /// The error for a failed response, from its `error` body when there is one, else from its status.
    func failure(_ response: HTTPResponse, body: JSON?) -> TryOnError {
        if let error = body?["error"], error.object != nil {
            return failure(status: response.status, error: error, headers: response.headers)
        }
        return failure(code: response.status, message: connection.snippet(response.text), metadata: nil, headers: response.headers)
    }

    /// The error for an `{"code","message","metadata"}` object; `code` wins over a 200 status.
    func failure(status: Int, error: JSON, headers: HTTPHeaders) -> TryOnError {
        let code = error["code"]?.int.map(Int.init) ?? (status == 200 ? 502 : status)
        let message = connection.redacted(error["message"]?.string ?? "no message")
        return failure(code: code, message: message, metadata: error["metadata"], headers: headers)
    }

    /// 401 key, 402 credits, 403 moderation, 408 timeout, 429 rate limit (Retry-After), 5xx server, other 4xx bad request.
    private func failure(code: Int, message: String, metadata: JSON?, headers: HTTPHeaders) -> TryOnError {
        switch code {
        case 401: return .invalidKey(service)
        case 402: return .outOfCredits(service)
        case 403:
            let reasons = metadata?["reasons"]?.array?.compactMap(\.string) ?? []
            return .safetyBlocked(service, reason: reasons.isEmpty ? message : reasons.joined(separator: ", "))
        case 408: return .timeout(service)
        case 429: return .rateLimited(service, retryAfter: RetryDelay.header(headers["Retry-After"]))
        case 500...599: return .serverError(service, status: code, message: message)
        case 400...499: return .badRequest(service, message: message)
        default: return .badResponse(service, detail: "unexpected status \(code): \(message)")
        }
    }
}
