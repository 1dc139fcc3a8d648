import HTTP
import Testing
@testable import Telegram

@Suite struct RetryAfterBoundsTests {
    static func answer429(_ retryAfter: String) -> HTTPResponse {
        let body = #"{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":\#(retryAfter)}}"#
        return HTTPResponse(status: 429, body: Array(body.utf8))
    }

    @Test func aHugeOrBrokenRetryAfterFromTelegramIsBoundedWhereItEnters() {
        let cases: [(String, Int)] = [("7", 7), ("1e20", 86_400), ("9223372036854775807", 86_400), ("-3", 1), ("0.2", 1), ("\"soon\"", 1)]
        for (value, expected) in cases {
            do {
                _ = try TelegramClient.result(of: Self.answer429(value))
                Issue.record("\(value): no error")
            } catch {
                #expect(error.retryAfter == expected, "\(value)")
            }
        }
    }
}
