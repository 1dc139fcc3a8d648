import HTTP
import HTTPServer
import Synchronization

/// Starts a server on loopback with an ephemeral port, runs `body`, and always stops the server.
@discardableResult
func withServer<T: Sendable>(
    _ routes: HTTPRoutes, configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    _ body: @Sendable (HTTPServer) async throws -> T
) async throws -> T {
    let server = try HTTPServer.start(configuration, routes: routes)
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            await server.run()
            return nil
        }
        do {
            let result = try await body(server)
            await server.stop()
            try await group.waitForAll()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// One client for the tests.
let client = HTTPClient(configuration: .init(proxy: .none))

/// Sends a request to the server.
func fetch(
    _ server: HTTPServer, _ path: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: HTTPBody = .empty
) async throws -> HTTPResponse {
    var request = HTTPRequest(method: method, url: server.baseURL + path, headers: headers, body: body)
    request.timeout = .seconds(20)
    return try await client.send(request)
}

/// Opens when `count` arrivals have come; every arrival waits until then. No polling, no sleeps.
actor Gate {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    /// Arrives and waits until the gate opens.
    func arrive() async {
        arrived += 1
        if arrived >= count {
            waiting.forEach { $0.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// How many have arrived.
    var arrivals: Int { arrived }
}

/// Counts handler calls.
final class CallCounter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
