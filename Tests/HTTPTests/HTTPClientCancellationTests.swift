import HTTP
import Testing
import WardrobeTestKit

@Suite("HTTP client: cancellation")
struct HTTPClientCancellationTests {
    let client = HTTPClient()

    @Test("Cancelling the task mid-body aborts the transfer promptly and closes the connection")
    func cancelDuringBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: sampleBytes(10_000)).delivered(.slow(chunkSize: 100, interval: .milliseconds(100)))
        }
        defer { server.stop() }
        let task = Task { [client] in await failure(of: HTTPRequest(url: server.url("/slow")), on: client) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(250))
        var error: HTTPError?
        let time = await elapsed {
            task.cancel()
            error = await task.value
        }
        #expect(error == .cancelled)
        // Well under the 10 s the body would take, with room for a busy machine.
        #expect(time < .seconds(2))
        #expect(await server.waitForAbortedResponses(1, timeout: .seconds(3)))
    }

    @Test("Cancelling while the server is still thinking aborts too")
    func cancelBeforeHeaders() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse.text("late").delayed(by: .seconds(5)) }
        defer { server.stop() }
        let task = Task { [client] in await failure(of: HTTPRequest(url: server.url("/wait")), on: client) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(await server.waitForAbortedResponses(1, timeout: .seconds(3)))
    }

    @Test("A task cancelled before sending fails at once without contacting the server")
    func cancelledBeforeStart() async throws {
        let server = try LoopbackHTTPServer { _ in .text("no") }
        defer { server.stop() }
        let task = Task { [client] in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: HTTPRequest(url: server.url("/")), on: client)
        }
        #expect(await task.value == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test("The client keeps working after a cancellation")
    func worksAfterCancellation() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow" ? LoopbackResponse.text("late").delayed(by: .seconds(5)) : .text("quick")
        }
        defer { server.stop() }
        let task = Task { [client] in await failure(of: HTTPRequest(url: server.url("/slow")), on: client) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        _ = await task.value
        #expect(try await client.send(HTTPRequest(url: server.url("/fast"))).text == "quick")
    }
}
