import Foundation
import HTTP
import HTTPServer
import Synchronization
import Testing

@Suite struct HTTPServerTests {
    @Test func anEphemeralPortIsReportedAndServesARoute() async throws {
        var routes = HTTPRoutes()
        routes.add("GET", "/hello") { _ in .text("hi") }
        try await withServer(routes) { server async throws in
            #expect(server.port > 0)
            let response = try await fetch(server, "/hello")
            #expect(response.status == 200)
            #expect(response.text == "hi")
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        }
    }

    @Test func theHandlerSeesMethodPathHeadersQueryAndBody() async throws {
        let seen = SeenRequest()
        var routes = HTTPRoutes()
        routes.add("POST", "/echo") { request in
            seen.store(request)
            return HTTPServerResponse(status: 201, headers: [("X-Echo", request.header("x-token") ?? "none")], body: request.body.reversed())
        }
        try await withServer(routes) { server async throws in
            let response = try await fetch(
                server, "/echo?a=1&b=two", method: .post, headers: ["X-Token": "abc"], body: .bytes([1, 2, 3], contentType: "application/octet-stream"))
            #expect(response.status == 201)
            #expect(response.headers["X-Echo"] == "abc")
            #expect(response.body == [3, 2, 1])
            let request = try #require(seen.request)
            #expect(request.method == "POST")
            #expect(request.path == "/echo")
            #expect(request.query.map(\.name) == ["a", "b"])
            #expect(request.query.map(\.value) == ["1", "two"])
            #expect(request.header("CONTENT-TYPE") == "application/octet-stream")
        }
    }

    @Test func anUnknownPathIsAnswered404() async throws {
        var routes = HTTPRoutes()
        routes.add("GET", "/known") { _ in .text("yes") }
        try await withServer(routes) { server async throws in
            #expect(try await fetch(server, "/unknown").status == 404)
            #expect(try await fetch(server, "/known/deeper").status == 404)
        }
    }

    @Test func anotherMethodOnAKnownPathIsAnswered405WithAllow() async throws {
        var routes = HTTPRoutes()
        routes.add("GET", "/thing") { _ in .text("get") }
        routes.add("PUT", "/thing") { _ in .text("put") }
        try await withServer(routes) { server async throws in
            let response = try await fetch(server, "/thing", method: .post, body: .text("x"))
            #expect(response.status == 405)
            #expect(response.headers["Allow"] == "GET, PUT")
        }
    }

    @Test func aBodyOverTheLimitIsAnswered413WithoutCallingTheHandler() async throws {
        let calls = CallCounter()
        var routes = HTTPRoutes()
        routes.add("POST", "/upload") { request in
            calls.increment()
            return .text("\(request.body.count)")
        }
        let configuration = HTTPServerConfiguration(maxBodyBytes: 1000)
        try await withServer(routes, configuration: configuration) { server async throws in
            let within = try await fetch(server, "/upload", method: .post, body: .bytes(Array(repeating: 7, count: 1000), contentType: nil))
            #expect(within.status == 200)
            #expect(within.text == "1000")
            let over = try await fetch(server, "/upload", method: .post, body: .bytes(Array(repeating: 7, count: 1001), contentType: nil))
            #expect(over.status == 413)
            // A body far over the limit is refused before it is read.
            let huge = try? await fetch(server, "/upload", method: .post, body: .bytes(Array(repeating: 7, count: 8_000_000), contentType: nil))
            if let huge { #expect(huge.status == 413) }
            #expect(calls.count == 1)
            // The server still serves afterwards.
            #expect(try await fetch(server, "/upload", method: .post, body: .text("ok")).status == 200)
        }
    }

    @Test func manyRequestsAreHandledAtTheSameTime() async throws {
        let count = 40
        let gate = Gate(count: count)
        var routes = HTTPRoutes()
        // Every handler waits until all of them are running: a server that handled one at a time would time out.
        routes.add("GET", "/together") { _ in
            await gate.arrive()
            return .text("done")
        }
        let configuration = HTTPServerConfiguration(handlerTimeout: .seconds(20))
        try await withServer(routes, configuration: configuration) { server async throws in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<count { group.addTask { try await fetch(server, "/together").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: count))
            #expect(await gate.arrivals == count)
        }
    }

    @Test func aHandlerPastItsTimeoutIsAnswered503() async throws {
        var routes = HTTPRoutes()
        routes.add("GET", "/slow") { _ in
            // Stands for a stuck handler; the server's timeout cancels it long before this passes.
            try? await Task.sleep(for: .seconds(120))
            return .text("late")
        }
        routes.add("GET", "/fast") { _ in .text("fast") }
        let configuration = HTTPServerConfiguration(handlerTimeout: .milliseconds(200))
        try await withServer(routes, configuration: configuration) { server async throws in
            #expect(try await fetch(server, "/slow").status == 503)
            #expect(try await fetch(server, "/fast").status == 200)
        }
    }
}

/// The last request a handler saw.
final class SeenRequest: Sendable {
    private let stored = Mutex<HTTPServerRequest?>(nil)
    func store(_ request: HTTPServerRequest) { stored.withLock { $0 = request } }
    var request: HTTPServerRequest? { stored.withLock { $0 } }
}
