import HTTP
import Testing
import WardrobeTestKit

@Suite("HTTP client: redirects")
struct HTTPClientRedirectTests {
    let client = HTTPClient()

    /// /r/3 redirects to /r/2 … /r/0, which answers "arrived".
    private func chainServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard let hops = Int(request.path.split(separator: "/").last ?? ""), hops > 0 else { return .text("arrived") }
            return .redirect(to: "/r/\(hops - 1)", status: hops == 2 ? 301 : 302)
        }
    }

    @Test("Redirects are followed to the final page")
    func followed() async throws {
        let server = try chainServer()
        defer { server.stop() }
        let response = try await client.send(HTTPRequest(url: server.url("/r/3")))
        #expect(response.status == 200)
        #expect(response.text == "arrived")
        #expect(response.effectiveURL == server.url("/r/0"))
        #expect(response.redirectLocation == nil)
        #expect(server.requests.map(\.path) == ["/r/3", "/r/2", "/r/1", "/r/0"])
    }

    @Test("More redirects than allowed fail with too-many-redirects")
    func limitExceeded() async throws {
        let server = try chainServer()
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/r/3"))
        request.maxRedirects = 2
        let error = await failure(of: request, on: client)
        #expect(error == .tooManyRedirects(limit: 2))
        #expect(error?.isRetryable == false)
    }

    @Test("An unfollowed redirect exposes its absolute Location")
    func notFollowed() async throws {
        let server = try chainServer()
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/r/1"))
        request.followRedirects = false
        let response = try await client.send(request)
        #expect(response.status == 302)
        #expect(response.headers["location"] == "/r/0")
        #expect(response.redirectLocation == server.url("/r/0"))
        #expect(server.requests.count == 1)
    }
}
