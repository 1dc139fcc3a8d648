import HTTP
import Testing
import WardrobeTestKit

@Suite("HTTP client: timeouts and size limits")
struct HTTPClientLimitTests {
    let client = HTTPClient()

    @Test("A response slower than the total timeout fails with a timeout")
    func totalTimeout() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse.text("late").delayed(by: .seconds(3)) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/slow"))
        request.timeout = .milliseconds(300)
        var error: HTTPError?
        let time = await elapsed { error = await failure(of: request, on: client) }
        #expect(error?.kind == "timeout")
        #expect(error?.isRetryable == true)
        #expect(time < .seconds(2))
    }

    @Test("A body that trickles in past the timeout fails with a timeout")
    func timeoutDuringBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: sampleBytes(100)).delivered(.slow(chunkSize: 10, interval: .milliseconds(200)))
        }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/trickle"))
        request.timeout = .milliseconds(500)
        #expect(await failure(of: request, on: client)?.kind == "timeout")
    }

    @Test("A long poll outlasts a total timeout shorter than the server's wait")
    func longPollOutlastsShortTimeout() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse.text("update").delayed(by: .milliseconds(700)) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/getUpdates?timeout=1"))
        request.timeout = .milliseconds(300)
        #expect(await failure(of: request, on: client)?.kind == "timeout")
        let polling = request.longPoll(serverTimeout: .milliseconds(700), margin: .milliseconds(800))
        #expect(polling.timeout == .milliseconds(1500))
        #expect(try await client.send(polling).text == "update")
    }

    @Test("A refused connection fails with could-not-connect")
    func connectionRefused() async throws {
        let server = try LoopbackHTTPServer { _ in .text("never") }
        let url = server.url("/")
        server.stop()
        var request = HTTPRequest(url: url)
        request.connectTimeout = .milliseconds(500)
        let error = await failure(of: request, on: client)
        #expect(error?.kind == "couldNotConnect")
        #expect(error?.isRetryable == true)
    }

    @Test("A declared Content-Length over the cap fails before the body is read")
    func declaredLengthOverCap() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse(body: sampleBytes(10_000)) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/big"))
        request.maxResponseBytes = 1_000
        let error = await failure(of: request, on: client)
        #expect(error == .responseTooLarge(limit: 1_000))
        #expect(error?.isRetryable == false)
    }

    @Test("A body without a declared length is cut off as soon as it passes the cap")
    func undeclaredLengthOverCap() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: sampleBytes(100_000)).delivered(.chunked(chunkSize: 500, interval: .milliseconds(20)))
        }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/stream"))
        request.maxResponseBytes = 2_000
        var error: HTTPError?
        // The whole stream would take 4 s; the cap is passed after about 100 ms.
        let time = await elapsed { error = await failure(of: request, on: client) }
        #expect(error == .responseTooLarge(limit: 2_000))
        #expect(time < .seconds(2))
    }

    @Test("A close-delimited body over the cap fails too")
    func closeDelimitedOverCap() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse(body: sampleBytes(50_000)).delivered(.closeDelimited) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/raw"))
        request.maxResponseBytes = 4_096
        #expect(await failure(of: request, on: client) == .responseTooLarge(limit: 4_096))
    }

    @Test("A body exactly at the cap is accepted")
    func bodyAtCap() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse(body: sampleBytes(4_096)).delivered(.closeDelimited) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/raw"))
        request.maxResponseBytes = 4_096
        #expect(try await client.send(request).body == sampleBytes(4_096))
    }

    @Test("A body shorter than its declared length is a retryable transport error")
    func truncatedBody() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse(body: sampleBytes(1_000)).delivered(.truncated(sending: 100)) }
        defer { server.stop() }
        let error = await failure(of: HTTPRequest(url: server.url("/cut")), on: client)
        #expect(error?.kind == "transport")
        if case .transport(let code, _) = error { #expect(code == 18) }
        #expect(error?.isRetryable == true)
    }
}
