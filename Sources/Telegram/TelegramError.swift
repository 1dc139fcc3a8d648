import Foundation
import HTTP
import Localization
import Support

/// Why a Bot API call or a Telegram file failed. The description is for logs; `userMessage` for chat.
public enum TelegramError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedUserFacingError {
    /// 401: the token is wrong or revoked.
    case unauthorized(String)
    /// 403, e.g. "Forbidden: bot was blocked by the user".
    case forbidden(String)
    /// 409: a webhook is set or another poller is running.
    case conflict(String)
    /// 429: wait `retryAfter` seconds before trying again.
    case tooManyRequests(retryAfter: Int, description: String)
    /// 400: the request was wrong.
    case badRequest(String)
    /// Any other Bot API error code below 500 (e.g. 404 for an unknown method).
    case api(code: Int, description: String)
    /// 5xx from the Bot API or a proxy in front of it.
    case server(status: Int, description: String)
    /// The exchange failed on the network.
    case network(HTTPError)
    /// The answer was not the Bot API's JSON shape (e.g. truncated).
    case malformedResponse(String)
    /// A file is bigger than the bot may download.
    case fileTooLarge(bytes: Int, limit: Int)
    /// A document that is not an image.
    case notAnImage(mimeType: String?)

    /// Whether the same call may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .network(let error): return error.isRetryable
        case .server, .malformedResponse, .tooManyRequests: return true
        default: return false
        }
    }

    /// True when the user blocked the bot (or deleted their account): stop writing to them.
    public var isBlocked: Bool {
        guard case .forbidden(let text) = self else { return false }
        let lower = text.lowercased()
        return lower.contains("blocked by the user") || lower.contains("user is deactivated") || lower.contains("kicked")
    }

    /// True for "message is not modified", which an edit treats as success.
    /// True when the token was rejected: nothing can be sent until it is fixed, so nothing is given up.
    public var isUnauthorized: Bool {
        if case .unauthorized = self { return true }
        return false
    }

    public var isNotModified: Bool {
        if case .badRequest(let text) = self { return text.lowercased().contains("message is not modified") }
        return false
    }

    /// The seconds a 429 asks to wait, if this is one.
    public var retryAfter: Int? {
        if case .tooManyRequests(let seconds, _) = self { return seconds }
        return nil
    }

    /// One line for logs; never contains the token.
    public var description: String {
        switch self {
        case .unauthorized(let text): return "unauthorized (401): \(text)"
        case .forbidden(let text): return "forbidden (403): \(text)"
        case .conflict(let text): return "conflict (409): \(text)"
        case .tooManyRequests(let seconds, let text): return "too many requests (429), retry after \(seconds) s: \(text)"
        case .badRequest(let text): return "bad request (400): \(text)"
        case .api(let code, let text): return "Bot API error \(code): \(text)"
        case .server(let status, let text): return "server error \(status): \(text)"
        case .network(let error): return "network: \(error)"
        case .malformedResponse(let text): return "malformed response: \(text)"
        case .fileTooLarge(let bytes, let limit): return "file of \(bytes) bytes is over the download limit of \(limit)"
        case .notAnImage(let type): return "document is not an image (\(type ?? "no mime type"))"
        }
    }

    /// Short text for the person chatting (what happened and what to do next), by catalog key (its English text is `userMessage`).
    public var message: LocalizedMessage {
        switch self {
        case .fileTooLarge(let bytes, let limit):
            return LocalizedMessage(
                "telegram.error.file_too_large", ["size": .text(TelegramError.megabytes(bytes)), "limit": .text(TelegramError.megabytes(limit))])
        case .notAnImage:
            return LocalizedMessage("telegram.error.not_an_image")
        case .tooManyRequests(let seconds, _):
            return LocalizedMessage("telegram.error.slow_down", ["seconds": .integer(seconds)])
        case .network, .server, .malformedResponse:
            return LocalizedMessage("telegram.error.unreachable")
        default:
            return LocalizedMessage("telegram.error.refused")
        }
    }

    /// "40 MB", rounded up so "20.5 MB" never reads as the limit itself.
    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        if value >= 10 { return "\(Int(value.rounded(.up))) MB" }
        return "\(String(format: "%.1f", value)) MB"
    }
}
