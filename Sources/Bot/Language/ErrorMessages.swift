import Chat
import Closet
import Images
import Localization
import ProductImport
import TryOn
import Support

/// The user-facing messages of the errors of modules below the bot (closet, product import, images, try-on),
/// by catalog key. Those modules know no catalogs: each error keeps its English `userMessage` for logs and
/// callers without a language, and the bot maps its cases to keys here. The switches are exhaustive, so a new
/// case does not build until it has its message.
enum ErrorMessages {
    /// The message for `error` in the reader's words, or nil for an error this table doesn't know.
    static func message(for error: any Error, _ words: Phrasebook) -> LocalizedMessage? {
        switch error {
        case let error as ClosetError: return closet(error, words)
        case let error as ImportError: return product(error.kind)
        case let error as FetchError: return fetch(error)
        case let error as ImageError: return image(error)
        case let error as TryOnError: return tryOn(error)
        case let error as TryOnJobError: return tryOnJob(error)
        default: return nil
        }
    }

    /// The router's translator: the same table in the user's language.
    static func translator(_ error: any Error, _ context: ChatContext) -> LocalizedMessage? {
        message(for: error, context.phrasebook)
    }

    /// A user's word cut to 40 characters, so a reply never echoes a whole pasted text.
    private static func shortened(_ word: String) -> MessageArgument {
        .text(word.shortened(to: 40))
    }

    static func closet(_ error: ClosetError, _ words: Phrasebook) -> LocalizedMessage {
        switch error {
        case .invalidJSON: return LocalizedMessage("error.closet.invalid_json")
        case .invalidOccasions(let key, _): return LocalizedMessage("error.closet.invalid_occasions", ["key": shortened(key)])
        case .invalidWeights(let key, _): return LocalizedMessage("error.closet.invalid_weights", ["key": shortened(key)])
        case .unknownOccasion(let word, let options):
            return LocalizedMessage(
                "error.closet.unknown_occasion", ["word": shortened(word), "options": .text(options.map(words.occasionName).joined(separator: ", "))])
        case .ambiguousOccasion(let word, let matches):
            return LocalizedMessage("error.closet.ambiguous_occasion", ["word": shortened(word), "options": .text(words.listedOr(matches.map(words.occasionName)))])
        case .invalidRows(let problems):
            // The reasons name fields and values as the file spells them; the framing is translated.
            let shown = problems.prefix(5).map { words.string("error.closet.row", ["index": .integer($0.index), "reason": .text($0.reason)]) }
            return LocalizedMessage("error.closet.invalid_rows", [
                "count": .integer(problems.count), "rows": .text(shown.joined(separator: "; ")),
                "more": .text(problems.count > 5 ? " " + words.string("stats.and_more", ["count": .integer(problems.count - 5)]) : ""),
            ])
        case .invalidPrice: return LocalizedMessage("error.closet.invalid_price", ["max": .integer(Int(Price.maximum))])
        case .invalidCurrency: return LocalizedMessage("error.closet.invalid_currency")
        case .textTooLong(let field):
            return LocalizedMessage("error.closet.text_too_long", ["field": .text(words.string("field.\(field.rawValue)")), "max": .integer(field.maximumLength)])
        case .levelOutOfRange: return LocalizedMessage("error.closet.level")
        case .fileTooLarge(_, let limit): return LocalizedMessage("error.closet.file_too_large", ["limit": .integer(limit / 1_048_576)])
        case .tooManyItems(let count, let limit):
            return LocalizedMessage("error.closet.too_many_items", ["count": .integer(count), "limit": .integer(limit)])
        }
    }

    static func product(_ kind: ImportError.Kind) -> LocalizedMessage {
        LocalizedMessage("error.import.\(kind.rawValue)")
    }

    static func fetch(_ error: FetchError) -> LocalizedMessage {
        switch error {
        case .invalidURL: return LocalizedMessage("error.fetch.invalid_url")
        case .timeout: return LocalizedMessage("error.fetch.timeout")
        case .tooLarge: return LocalizedMessage("error.fetch.too_large")
        case .tooManyRedirects: return LocalizedMessage("error.fetch.redirects")
        case .wrongContentType: return LocalizedMessage("error.fetch.content_type")
        case .status(let code) where code == 404 || code == 410: return LocalizedMessage("error.fetch.gone")
        case .status: return LocalizedMessage("error.fetch.status")
        case .network: return LocalizedMessage("error.fetch.network")
        case .refusedAddress, .unresolvable, .blocked: return product(error.importError.kind)
        }
    }

    static func image(_ error: ImageError) -> LocalizedMessage {
        switch error {
        case .tooManyBytes(_, let limit): return LocalizedMessage("error.image.too_many_bytes", ["limit": .integer(limit / 1_048_576)])
        case .tooManyPixels: return LocalizedMessage("error.image.too_many_pixels")
        case .tooCostlyToDecode: return LocalizedMessage("error.image.too_costly")
        case let .tooSmall(width, height, minimum):
            // 30000×20 is not small: it is a strip, and "only 30000×20" would read as nonsense.
            let key = error.isStrip ? "error.image.too_thin" : "error.image.too_small"
            return LocalizedMessage(key, ["width": .integer(width), "height": .integer(height), "minimum": .integer(minimum)])
        case .truncated: return LocalizedMessage("error.image.truncated")
        case .notAnImage: return LocalizedMessage("error.image.not_an_image")
        case .unsupportedFormat: return LocalizedMessage("error.image.unsupported")
        case .invalidRequest: return LocalizedMessage("error.image.invalid_request")
        case .processingFailed: return LocalizedMessage("error.image.failed")
        }
    }

    static func tryOn(_ error: TryOnError) -> LocalizedMessage {
        func keyed(_ key: String, _ service: TryOnService) -> LocalizedMessage {
            LocalizedMessage(key, ["service": .text(service.displayName), "code": .text(service.rawValue)])
        }
        switch error {
        case .invalidKey(let service): return keyed("error.tryon.invalid_key", service)
        case .outOfCredits(let service): return keyed("error.tryon.out_of_credits", service)
        case .safetyBlocked(let service, _): return keyed("error.tryon.safety", service)
        case .rateLimited(let service, _): return keyed("error.tryon.rate_limited", service)
        case .timeout(let service): return keyed("error.tryon.timeout", service)
        case .serverError(let service, _, _): return keyed("error.tryon.server", service)
        case .noImageReturned(let service, _): return keyed("error.tryon.no_image", service)
        case .badRequest(let service, _), .badResponse(let service, _): return keyed("error.tryon.bad_request", service)
        case .missingKey(let service): return keyed("error.tryon.missing_key", service)
        case .network(let service, _): return keyed("error.tryon.network", service)
        case .cancelled: return LocalizedMessage("tryon.cancelled")
        }
    }

    /// The progress line while a retry waits `delay` seconds: says what went wrong, not always "busy".
    static func retrying(_ error: TryOnError, delay: Double) -> LocalizedMessage {
        let seconds = MessageArgument.integer(max(1, Int(delay.rounded())))
        switch error {
        case .rateLimited: return LocalizedMessage("tryon.retry.busy", ["seconds": seconds])
        case .network(let service, _): return LocalizedMessage("tryon.retry.network", ["service": .text(service.displayName), "seconds": seconds])
        case .timeout(let service): return LocalizedMessage("tryon.retry.timeout", ["service": .text(service.displayName), "seconds": seconds])
        case .serverError(let service, _, _): return LocalizedMessage("tryon.retry.server", ["service": .text(service.displayName), "seconds": seconds])
        default: return LocalizedMessage("tryon.retry.other", ["seconds": seconds])
        }
    }

    static func tryOnJob(_ error: TryOnJobError) -> LocalizedMessage {
        switch error {
        case .userGone: return LocalizedMessage("error.tryon.user_gone")
        case .setAside: return LocalizedMessage("error.tryon.restarted")
        case .imageMissing(let role), .imageUnreadable(let role, _):
            // The worker names the slots as the composer shows them: "You" and "Clothing".
            return LocalizedMessage(role == "You" ? "error.tryon.you_missing" : "error.tryon.clothing_missing")
        }
    }
}

extension Phrasebook {
    /// "a, b or c" in the reader's language.
    func listedOr(_ words: [String]) -> String {
        switch words.count {
        case 0: return ""
        case 1: return words[0]
        default: return string("list.or", ["first": .text(words.dropLast().joined(separator: ", ")), "last": .text(words[words.count - 1])])
        }
    }
}
