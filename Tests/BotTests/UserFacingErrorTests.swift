import Closet
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
