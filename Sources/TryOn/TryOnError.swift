import HTTP
import Support

/// Why a try-on failed, typed so each case maps to a short message with a next step.
public enum TryOnError: Error, Sendable, Hashable, CustomStringConvertible, UserFacingError {
    /// The service rejected the key (401, Gemini API_KEY_INVALID).
    case invalidKey(TryOnService)
    /// The account has no credits left (OpenRouter 402).
    case outOfCredits(TryOnService)
    /// The service's safety filter blocked the request or the result; never retried.
    case safetyBlocked(TryOnService, reason: String)
    /// Too many requests; retry after the given seconds when known.
    case rateLimited(TryOnService, retryAfter: Double?)
    /// The call took longer than the configured timeout.
    case timeout(TryOnService)
    /// The service is failing or overloaded (5xx, Fal capacity).
    case serverError(TryOnService, status: Int, message: String)
    /// The model answered with text but no image.
    case noImageReturned(TryOnService, text: String?)
    /// The service refused the request as malformed (400/422 that is not a safety block).
    case badRequest(TryOnService, message: String)
    /// The response could not be understood.
    case badResponse(TryOnService, detail: String)
    /// No key is stored for this service.
    case missingKey(TryOnService)
    /// The network failed before the service answered.
    case network(TryOnService, HTTPError)
    /// The user cancelled.
    case cancelled

    /// Whether retrying may help: rate limits, server errors, timeouts and network errors.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .timeout, .serverError: return true
        case .network(_, let error): return error.isRetryable
        default: return false
        }
    }

    /// The delay the service asked for, when it did.
    public var retryAfter: Double? {
        // Bounded again here, so an error built anywhere (not only by the providers) is safe to convert.
        if case .rateLimited(_, let seconds) = self { return seconds.flatMap { RetryAfter(seconds: $0)?.seconds } }
        return nil
    }

    public var description: String {
        switch self {
        case .invalidKey(let service): return "\(service.rawValue): key rejected"
        case .outOfCredits(let service): return "\(service.rawValue): out of credits"
        case .safetyBlocked(let service, let reason): return "\(service.rawValue): safety block (\(reason))"
        case .rateLimited(let service, let retryAfter): return "\(service.rawValue): rate limited, retry after \(retryAfter.map { "\($0)s" } ?? "?")"
        case .timeout(let service): return "\(service.rawValue): timeout"
        case .serverError(let service, let status, let message): return "\(service.rawValue): server error \(status): \(message)"
        case .noImageReturned(let service, let text): return "\(service.rawValue): no image returned" + (text.map { " (text: \($0.prefix(200)))" } ?? "")
        case .badRequest(let service, let message): return "\(service.rawValue): bad request: \(message)"
        case .badResponse(let service, let detail): return "\(service.rawValue): unreadable response: \(detail)"
        case .missingKey(let service): return "\(service.rawValue): no key stored"
        case .network(let service, let error): return "\(service.rawValue): network: \(error)"
        case .cancelled: return "cancelled"
        }
    }

    /// One or two short sentences with a next step.
    public var userMessage: String {
        switch self {
        case .invalidKey(let service):
            return "Your \(service.displayName) key was rejected — send /key \(service.rawValue) YOUR_KEY in a private chat."
        case .outOfCredits(let service):
            return "Out of credits on \(service.displayName). Top up your account, or pick another service with /service."
        case .safetyBlocked:
            return "The service's safety filter blocked this image. Try a different photo."
        case .rateLimited(_, let retryAfter):
            return "Busy — retrying in \(retryAfter.flatMap { RetryAfter(seconds: $0) }?.wholeSeconds ?? 20) s."
        case .timeout(let service):
            return "\(service.displayName) took too long to answer. Tap Again to retry."
        case .serverError(let service, _, _):
            return "\(service.displayName) is having trouble right now. Try again in a few minutes."
        case .noImageReturned(let service, _):
            return "\(service.displayName) answered without a picture. Tap Again, or try another photo."
        case .badRequest(let service, _), .badResponse(let service, _):
            return "\(service.displayName) couldn't handle this request. Try another photo, or another service with /service."
        case .missingKey(let service):
            return "No \(service.displayName) key is set up. Send /key \(service.rawValue) YOUR_KEY in a private chat, or ask the bot's operator."
        case .network(let service, _):
            return "I couldn't reach \(service.displayName). I'll retry shortly."
        case .cancelled:
            return "Cancelled."
        }
    }
}
