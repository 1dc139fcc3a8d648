@testable import HTTP
import Testing

@Suite("HTTP values: headers, encoding, errors")
struct HTTPValueTests {
    @Test("Header lookup ignores case and keeps every value in order")
    func headers() {
        var headers: HTTPHeaders = ["Accept": "text/html"]
        headers.add("Vary", "Accept")
        headers.add("vary", "Cookie")
        #expect(headers["ACCEPT"] == "text/html")
        #expect(headers.values(for: "Vary") == ["Accept", "Cookie"])
        headers.set("VARY", "*")
        #expect(headers.values(for: "vary") == ["*"])
        headers.remove("accept")
        #expect(!headers.contains("Accept"))
        #expect(headers.count == 1)
    }

    @Test("Raw header lines split into status, trimmed fields and the rest")
    func headerLines() {
        func parse(_ text: String) -> HeaderLine { Array(text.utf8).withUnsafeBytes { HeaderLine($0) } }
        #expect(parse("HTTP/1.1 200 OK\r\n") == .status)
        #expect(parse("Content-Type:  text/html; charset=utf-8 \t\r\n") == .field("Content-Type", "text/html; charset=utf-8"))
        #expect(parse("Retry-After:7\n") == .field("Retry-After", "7"))
        #expect(parse("X-Empty: \r\n") == .field("X-Empty", ""))
        #expect(parse("Location: https://x.test/a:b\r\n") == .field("Location", "https://x.test/a:b"))
        #expect(parse("X-Name: Zoë\r\n") == .field("X-Name", "Zoë"))
        #expect(parse("\r\n") == .other)
    }

    @Test("Percent-encoding keeps only unreserved characters")
    func percentEncoding() {
        #expect(URLEncoding.percentEncode("a b&c=d/é~") == "a%20b%26c%3Dd%2F%C3%A9~")
        #expect(URLEncoding.query([("q", "red dress"), ("page", "2")]) == "q=red%20dress&page=2")
        #expect(URLEncoding.url("https://x.test/s", query: [("q", "a+b")]) == "https://x.test/s?q=a%2Bb")
        #expect(URLEncoding.url("https://x.test/s?a=1", query: [("b", "2")]) == "https://x.test/s?a=1&b=2")
        #expect(URLEncoding.url("https://x.test/s", query: []) == "https://x.test/s")
    }

    @Test("A long poll adds its margin to the server's timeout")
    func longPoll() {
        let request = HTTPRequest(url: "https://api.telegram.org/bot1/getUpdates").longPoll(serverTimeout: .seconds(50))
        #expect(request.timeout == .seconds(60))
    }

    @Test("Only transient failures are retryable and every error has a user message")
    func retryable() {
        let errors: [HTTPError] = [
            .invalidRequest("x"), .couldNotResolveHost("x"), .couldNotConnect("x"), .timeout("x"), .tls("x"),
            .tooManyRedirects(limit: 5), .responseTooLarge(limit: 1), .cancelled,
            .transport(code: 56, text: "reset"), .transport(code: 43, text: "bad argument"),
        ]
        #expect(errors.map(\.isRetryable) == [false, true, true, true, false, false, false, false, true, false])
        #expect(errors.allSatisfy { !$0.userMessage.isEmpty && !$0.description.isEmpty })
    }

    @Test("Requests that could inject headers or use other schemes are refused before sending")
    func invalidRequests() async {
        let client = HTTPClient()
        let ftp = await failure(of: HTTPRequest(url: "ftp://files.test/a"), on: client)
        #expect(ftp?.kind == "invalidRequest")
        let injected = await failure(of: HTTPRequest(url: "http://127.0.0.1:1/", headers: ["X-A": "1\r\nX-B: 2"]), on: client)
        #expect(injected?.kind == "invalidRequest")
    }
}
