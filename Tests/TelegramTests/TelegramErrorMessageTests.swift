import HTTP
import Testing
import Telegram

@Suite struct TelegramErrorMessageTests {
    @Test func everyTelegramErrorCaseHasAMessageForTheChat() {
        let errors: [TelegramError] = [
            .unauthorized(""), .forbidden(""), .conflict(""), .tooManyRequests(retryAfter: 86_400, description: ""), .badRequest(""),
            .api(code: 418, description: ""), .server(status: 502, description: ""), .network(.timeout("")), .malformedResponse(""),
            .fileTooLarge(bytes: 2, limit: 1), .notAnImage(mimeType: nil), .notAnImage(mimeType: "application/pdf"),
        ]
        for error in errors {
            #expect(!error.userMessage.isEmpty, "\(error)")
            #expect(!error.userMessage.contains("something went wrong on my side"), "\(error)")
        }
    }
}
