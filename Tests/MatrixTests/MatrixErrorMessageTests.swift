import HTTP
import Testing
import Matrix

@Suite struct MatrixErrorMessageTests {
    @Test func everyMatrixErrorCaseHasAMessageForTheChat() {
        let errors: [MatrixError] = [
            .missingCredentials, .unknownToken(softLogout: true, message: ""), .forbidden(message: ""), .rateLimited(retryAfter: nil),
            .rateLimited(retryAfter: 86_400), .server(status: 500, code: nil, message: ""), .network(.timeout("")), .malformedResponse(""),
            .mediaTooLarge(limit: 1), .local(""),
        ]
        for error in errors {
            #expect(!error.userMessage.isEmpty, "\(error)")
            #expect(!error.userMessage.contains("something went wrong on my side"), "\(error)")
        }
    }
}
