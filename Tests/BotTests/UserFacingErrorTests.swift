@testable import Bot
import Closet
import Localization
import HTTP
import Images
import JSON
import ProductImport
import Support
import Testing
@testable import TryOn

/// Every case a user can cause answers with a message that says what to do next, never the generic apology.
@Suite struct UserFacingErrorTests {
    static func check(_ errors: [any UserFacingError], sourceLocation: SourceLocation = #_sourceLocation) {
        for error in errors {
            let message = error.userMessage
            #expect(!message.isEmpty, "\(error)", sourceLocation: sourceLocation)
            #expect(!message.contains("something went wrong on my side"), "\(error)", sourceLocation: sourceLocation)
            #expect(message.count <= 400, "\(error): \(message.count) characters", sourceLocation: sourceLocation)
        }
    }

    @Test func everyClosetErrorCaseHasAMessage() {
        Self.check([
            ClosetError.invalidJSON(JSONErrorSample.make()), .invalidOccasions(key: "a", reason: "b"), .invalidWeights(key: "a", reason: "b"),
            .unknownOccasion(word: String(repeating: "x", count: 10_000), options: ["casual"]), .ambiguousOccasion(word: "bus", matches: []),
            .invalidRows([RowProblem(index: 1, reason: "name: missing")]), .invalidPrice("infinite"), .invalidCurrency("EURO"),
            .textTooLong(.name), .levelOutOfRange, .fileTooLarge(bytes: 9, limit: 8), .tooManyItems(count: 9, limit: 8),
        ] + ItemField.allCases.map { ClosetError.textTooLong($0) })
    }

    @Test func everyImageErrorCaseHasAMessage() {
        Self.check([
            ImageError.tooManyBytes(byteCount: 2, limit: 1), .tooManyPixels(width: 1, height: 1, limit: 0),
            .tooCostlyToDecode(width: 1, height: 1, reason: "r", bytes: 2, limit: 1), .truncated(detail: ""), .notAnImage,
            .unsupportedFormat("gif"), .invalidRequest(""), .processingFailed(detail: ""),
        ])
    }

    @Test func everyTryOnErrorCaseHasAMessage() {
        let network = HTTPError.timeout("operation timed out")
        for service in TryOnService.allCases {
            Self.check([
                TryOnError.invalidKey(service), .outOfCredits(service), .safetyBlocked(service, reason: ""),
                .rateLimited(service, retryAfter: .infinity), .rateLimited(service, retryAfter: nil), .rateLimited(service, retryAfter: 1e300),
                .timeout(service), .serverError(service, status: 500, message: ""), .noImageReturned(service, text: nil),
                .badRequest(service, message: ""), .badResponse(service, detail: ""), .missingKey(service), .network(service, network), .cancelled,
            ])
        }
        Self.check([TryOnJobError.userGone, .imageMissing(role: "selfie"), .imageUnreadable(role: "selfie", ImageError.notAnImage)])
    }

    @Test func everyProductImportErrorCaseHasAMessage() {
        Self.check([
            FetchError.invalidURL("x"), .refusedAddress("x"), .unresolvable("x"), .status(404), .blocked(403), .tooManyRedirects(6),
            .tooLarge(limit: 1), .timeout, .wrongContentType("x"), .network("x"),
        ] + ImportError.Kind.allCases.map { ImportError($0) })
    }
}

/// A JSON parse error for the closet case that wraps one.
enum JSONErrorSample {
    static func make() -> JSONError { JSONError(reason: "end of file expected", line: 1, column: 2) }
}

/// The translated words for a photo refused for its size: a strip is not called small.
@Suite struct ImageSizeMessageTests {
    @Test func aTinyPhotoIsSmallAndALongStripIsTooNarrowInEveryLanguage() {
        for language in Language.allCases {
            let tiny = Catalogs.builtIn.text(ErrorMessages.image(.tooSmall(width: 10, height: 12, minimum: 64)), in: language).plain
            let strip = Catalogs.builtIn.text(ErrorMessages.image(.tooSmall(width: 30000, height: 20, minimum: 64)), in: language).plain
            #expect(tiny.contains("10×12") && tiny.contains("64"), "\(language): \(tiny)")
            // The width is written the language's way (30,000 or 30.000 or 30 000).
            #expect(strip.contains("000×20") && strip.contains("64"), "\(language): \(strip)")
            // Different words, not only different numbers.
            let words = { (text: String) in text.filter { $0.isLetter || $0 == " " } }
            #expect(words(tiny) != words(strip), "\(language)")
        }
        #expect(Catalogs.builtIn.text(ErrorMessages.image(.tooSmall(width: 30000, height: 20, minimum: 64)), in: .en).plain.contains("strip too narrow"))
        #expect(Catalogs.builtIn.text(ErrorMessages.image(.tooSmall(width: 10, height: 12, minimum: 64)), in: .en).plain.contains("only 10×12 pixels, too small"))
    }
}
