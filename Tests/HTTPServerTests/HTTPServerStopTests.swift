import HTTP
import HTTPServer
import Testing

@Suite struct HTTPServerStopTests {
    @Test func stopLetsARequestInProgressFinishAndRefusesNewConnections() async throws {
        let (started, startedSignal) = AsyncStream<Void>.makeStream()
        let (release, releaseSignal) = AsyncStream<Void>.makeStream()
        var routes = HTTPRoutes()
        routes.add("GET", "/work") { _ in
            startedSignal.yield()
            for await _ in release { break }
            return .text("finished")
        }
        let server = try HTTPServer.start(HTTPServerConfiguration(), routes: routes)
        let serving = Task { await server.run() }
        defer { serving.cancel() }
        let base = server.baseURL
        let inFlight = Task { try await fetch(server, "/work") }
        for await _ in started { break }
        let stopping = Task { await server.stop(grace: .seconds(20)) }
        // Once the listening socket is gone a new connection is refused; the handler is still waiting.
        var refused = false
        for _ in 0..<2000 where !refused {
            var probe = HTTPRequest(url: base + "/work")
            probe.connectTimeout = .seconds(1)
            probe.timeout = .seconds(1)
            do { _ = try await client.send(probe) } catch { refused = true }
            await Task.yield()
        }
        #expect(refused)
        releaseSignal.yield()
        let response = try await inFlight.value
        #expect(response.status == 200)
        #expect(response.text == "finished")
        await stopping.value
        await serving.value
    }

    @Test func stopAnswersAHandlerPastTheGracePeriod503() async throws {
        let (started, startedSignal) = AsyncStream<Void>.makeStream()
        var routes = HTTPRoutes()
        routes.add("GET", "/stuck") { _ in
            startedSignal.yield()
            try? await Task.sleep(for: .seconds(120))
            return .text("late")
        }
        let server = try HTTPServer.start(HTTPServerConfiguration(handlerTimeout: .seconds(120)), routes: routes)
        let serving = Task { await server.run() }
        let inFlight = Task { try await fetch(server, "/stuck") }
        for await _ in started { break }
        await server.stop(grace: .milliseconds(100))
        #expect(try await inFlight.value.status == 503)
        serving.cancel()
        await serving.value
    }

    @Test func anAddressThatIsNotAnIPIsRefusedAtStart() {
        #expect(throws: HTTPServerError.invalidAddress("localhost")) {
            try HTTPServer.start(HTTPServerConfiguration(host: "localhost"), routes: HTTPRoutes())
        }
    }

    @Test func aPortInUseIsReported() async throws {
        try await withServer(HTTPRoutes()) { first async throws in
            #expect(throws: HTTPServerError.cannotListen(host: "127.0.0.1", port: first.port)) {
                try HTTPServer.start(HTTPServerConfiguration(port: first.port), routes: HTTPRoutes())
            }
        }
    }

    @Test func theIPv6LoopbackWorks() async throws {
        var routes = HTTPRoutes()
        routes.add("GET", "/six") { _ in .text("six") }
        try await withServer(routes, configuration: HTTPServerConfiguration(host: "::1")) { server async throws in
            #expect(server.baseURL.hasPrefix("http://[::1]:"))
            #expect(try await fetch(server, "/six").text == "six")
        }
    }
}
