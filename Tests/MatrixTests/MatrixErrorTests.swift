import HTTP
import JSON
import Matrix
import Testing

@Suite struct MatrixErrorTests {
    @Test func retryAfterHeaderWinsOverTheBodyDelay() {
        let response = HTTPResponse.json(["errcode": "M_LIMIT_EXCEEDED", "retry_after_ms": 9000], status: 429, headers: ["Retry-After": "3"])
        #expect(MatrixError.from(response) == .rateLimited(retryAfter: 3))
    }

    @Test func withoutAHeaderTheBodyDelayIsUsed() {
        let response = HTTPResponse.json(["errcode": "M_LIMIT_EXCEEDED", "retry_after_ms": 2500], status: 429)
        #expect(MatrixError.from(response) == .rateLimited(retryAfter: 2.5))
    }

    @Test func aRateLimitWithoutAnyDelayLeavesItToTheBackoff() {
        #expect(MatrixError.from(.json(["errcode": "M_LIMIT_EXCEEDED"], status: 429)) == .rateLimited(retryAfter: nil))
    }

    @Test func unknownTokenCarriesSoftLogout() {
        let response = HTTPResponse.json(["errcode": "M_UNKNOWN_TOKEN", "error": "expired", "soft_logout": true], status: 401)
        #expect(MatrixError.from(response) == .unknownToken(softLogout: true, message: "expired"))
    }

    @Test func successIsNoError() {
        #expect(MatrixError.from(.json(["event_id": "$1"])) == nil)
    }

    @Test func serverErrorsAreRetryableAndClientErrorsAreNot() {
        #expect(MatrixError.from(.json(["errcode": "M_UNKNOWN"], status: 502))?.isRetryable == true)
        #expect(MatrixError.from(.json(["errcode": "M_BAD_JSON"], status: 400))?.isRetryable == false)
    }
}
