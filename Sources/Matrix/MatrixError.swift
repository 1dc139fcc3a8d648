import Foundation
import HTTP
import JSON
import Support

/// Everything that can go wrong talking to a homeserver; `description` is for logs, `userMessage` for chat.
public enum MatrixError: Error, Sendable, Hashable, CustomStringConvertible, UserFacingError {
    /// Neither an access token nor a password is stored.
    case missingCredentials
    /// The access token was rejected (`M_UNKNOWN_TOKEN`); `softLogout` means a fresh login may reuse the device.
    case unknownToken(softLogout: Bool, message: String)
    /// The server refused the request (`M_FORBIDDEN`), e.g. a wrong password or a missing power level.
    case forbidden(message: String)
    /// Too many requests (`M_LIMIT_EXCEEDED`); retry after the given seconds when the server said.
    case rateLimited(retryAfter: Double?)
    /// Any other error answer.
    case server(status: Int, code: String?, message: String)
    /// The request never got an answer (connect failure, timeout, reset).
    case network(HTTPError)
    /// The answer was not what the API promises.
    case malformedResponse(String)
    /// A user's file is bigger than the configured limit.
    case mediaTooLarge(limit: Int)
    /// Our side failed while handling an answer (e.g. the database); retried with backoff.
    case local(String)
    /// An encrypted attachment did not match its hash or key (changed or damaged on the way).
    case undecryptableMedia(String)

    /// Whether the same request may succeed later without anything changing on our side.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited: return true
        case .network(let error): return error.isRetryable
        case .server(let status, _, _): return status >= 500 || status == 408
        case .malformedResponse, .local: return true
        case .missingCredentials, .unknownToken, .forbidden, .mediaTooLarge, .undecryptableMedia: return false
        }
    }

    /// The Matrix error code, when the server sent one.
    public var code: String? {
        switch self {
        case .unknownToken: return "M_UNKNOWN_TOKEN"
        case .forbidden: return "M_FORBIDDEN"
        case .rateLimited: return "M_LIMIT_EXCEEDED"
        case .server(_, let code, _): return code
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .missingCredentials: return "no Matrix access token or password is stored"
        case .unknownToken(let soft, let message): return "access token rejected (M_UNKNOWN_TOKEN, soft_logout=\(soft)): \(message)"
        case .forbidden(let message): return "forbidden (M_FORBIDDEN): \(message)"
        case .rateLimited(let seconds): return "rate limited (M_LIMIT_EXCEEDED), retry after \(seconds.map { "\($0) s" } ?? "unknown")"
        case .server(let status, let code, let message): return "server error \(status) \(code ?? "-"): \(message)"
        case .network(let error): return "network: \(error)"
        case .malformedResponse(let detail): return "malformed response: \(detail)"
        case .mediaTooLarge(let limit): return "media larger than \(limit) bytes"
        case .local(let detail): return "local failure: \(detail)"
        case .undecryptableMedia(let detail): return "encrypted attachment: \(detail)"
        }
    }

    public var userMessage: String {
        switch self {
        case .mediaTooLarge(let limit):
            return "That file is too large for me (over \(limit / 1_048_576) MB). Send a smaller photo."
        case .rateLimited: return "The Matrix server asked me to slow down. Try again in a minute."
        case .undecryptableMedia: return "I couldn't decrypt that file: it arrived damaged. Send it again."
        case .network, .server, .malformedResponse, .local:
            return "I couldn't reach the Matrix server just now. Try again in a few minutes."
        case .missingCredentials, .unknownToken, .forbidden:
            return "I can't talk to the Matrix server right now. The bot's operator has been told."
        }
    }

    /// The error an answer stands for, or nil for a 2xx answer.
    /// `Retry-After` (seconds) wins over the body's `retry_after_ms`.
    public static func from(_ response: HTTPResponse) -> MatrixError? {
        guard !response.isSuccess else { return nil }
        let body = try? JSON.parse(bytes: response.body)
        let code = body?["errcode"]?.string
        let message = body?["error"]?.string ?? String(response.text.prefix(200))
        if response.status == 429 || code == "M_LIMIT_EXCEEDED" {
            return .rateLimited(retryAfter: retryAfter(headers: response.headers, body: body))
        }
        if code == "M_UNKNOWN_TOKEN" || (response.status == 401 && code == nil) {
            return .unknownToken(softLogout: body?["soft_logout"]?.bool ?? false, message: message)
        }
        if code == "M_MISSING_TOKEN" { return .unknownToken(softLogout: false, message: message) }
        if code == "M_FORBIDDEN" { return .forbidden(message: message) }
        return .server(status: response.status, code: code, message: message)
    }

    /// Seconds to wait from a `Retry-After` header (delta-seconds) or else the body's `retry_after_ms`.
    static func retryAfter(headers: HTTPHeaders, body: JSON?) -> Double? {
        // Both bounded by `RetryAfter` (finite, at most a day) where they enter.
        if let wait = RetryAfter(header: headers["Retry-After"]) { return wait.seconds }
        if let milliseconds = body?["retry_after_ms"]?.double { return RetryAfter(seconds: milliseconds / 1000)?.seconds }
        return nil
    }
}
