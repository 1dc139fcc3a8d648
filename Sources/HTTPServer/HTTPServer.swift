import Synchronization

/// An embedded HTTP/1.1 server on libmicrohttpd: it listens on the configured address, routes each
/// complete request to an async handler and sends the handler's answer.
///
/// `start` binds at once (so the port is known, also when 0 asked the kernel to choose); `run()`
/// serves the requests until `stop()`. libmicrohttpd's one polling thread never waits for a handler:
/// a request's connection is suspended while the handler runs on the cooperative pool and resumed
/// when it answers (or when `handlerTimeout` passes: 503).
public final class HTTPServer: Sendable {
    private let daemon: MicroHTTPDaemon
    private let routes: HTTPRoutes
    private let requests: AsyncStream<(HTTPServerRequest, PendingExchange)>
    private let feed: AsyncStream<(HTTPServerRequest, PendingExchange)>.Continuation
    private let stopped = Mutex(false)

    /// The configuration it was started with.
    public var configuration: HTTPServerConfiguration { daemon.configuration }
    /// The port it listens on.
    public var port: Int { daemon.port }
    /// `http://host:port` (IPv6 hosts in brackets), for building URLs in logs and tests.
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    private init(daemon: MicroHTTPDaemon, routes: HTTPRoutes, requests: AsyncStream<(HTTPServerRequest, PendingExchange)>,
                 feed: AsyncStream<(HTTPServerRequest, PendingExchange)>.Continuation) {
        self.daemon = daemon
        self.routes = routes
        self.requests = requests
        self.feed = feed
    }

    /// Binds and starts listening; requests wait (suspended) until `run()` serves them.
    public static func start(_ configuration: HTTPServerConfiguration, routes: HTTPRoutes) throws(HTTPServerError) -> HTTPServer {
        let (requests, feed) = AsyncStream<(HTTPServerRequest, PendingExchange)>.makeStream()
        let daemon = try MicroHTTPDaemon(configuration: configuration) { request, exchange in
            if case .terminated = feed.yield((request, exchange)) {
                exchange.complete(.text("Service Unavailable: shutting down\n", status: 503))
            }
        }
        return HTTPServer(daemon: daemon, routes: routes, requests: requests, feed: feed)
    }

    /// Serves requests until `stop()` has finished; each handler runs in its own child task.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for await (request, exchange) in requests {
                group.addTask { [routes, configuration] in
                    await HTTPServer.serve(request, exchange: exchange, routes: routes, timeout: configuration.handlerTimeout)
                }
            }
        }
    }

    /// Stops accepting connections, lets requests in progress finish for up to `grace`, answers the
    /// rest 503, then closes every connection. Safe to call more than once.
    public func stop(grace: Duration = .seconds(5)) async {
        guard stopped.withLock({ stopped in
            defer { stopped = true }
            return !stopped
        }) else { return }
        daemon.quiesce()
        let deadline = ContinuousClock.now + grace
        // Shutdown is rare and short; checking every few milliseconds is simpler than a waiter list.
        while ContinuousClock.now < deadline, daemon.counts.withLock({ !$0.pending.isEmpty }) {
            try? await Task.sleep(for: .milliseconds(5))
        }
        daemon.answerWaiting()
        // Answered requests get a moment to be written before the connections close.
        let flushDeadline = ContinuousClock.now + .milliseconds(500)
        while ContinuousClock.now < flushDeadline, daemon.counts.withLock({ $0.active > 0 }) {
            try? await Task.sleep(for: .milliseconds(5))
        }
        daemon.forceStop()
        feed.finish()
    }

    /// How many requests are between their first byte and their completion notice (for health reports).
    public var activeRequests: Int { daemon.counts.withLock { $0.active } }

    private static func serve(_ request: HTTPServerRequest, exchange: PendingExchange, routes: HTTPRoutes, timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { exchange.complete(await routes.respond(to: request)) }
            group.addTask {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                exchange.complete(.text("Service Unavailable: the handler took too long\n", status: 503))
            }
            await group.next()
            group.cancelAll()
        }
    }
}
