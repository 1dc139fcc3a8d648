/// The HTTP client: one libcurl multi handle on one dedicated thread serves every request.
///
/// Requests never block a thread of Swift's cooperative pool. Cancelling the calling task
/// aborts the transfer and throws `HTTPError.cancelled`. Proxies come from the standard
/// `http_proxy`, `https_proxy` and `no_proxy` environment variables unless configured otherwise.
public final class HTTPClient: HTTPTransport {
    /// Settings that apply to every request of a client.
    public struct Configuration: Sendable {
        /// The User-Agent for requests that don't set their own.
        public var userAgent: String
        /// Where requests go through a proxy.
        public var proxy: Proxy
        /// How many finished connections stay open for reuse (a busy bot sends many requests at once).
        public var idleConnections: Int

        /// Settings with defaults: a Wardrobe user agent, proxies from the environment, 64 idle connections.
        public init(userAgent: String = "Wardrobe/1.0", proxy: Proxy = .environment, idleConnections: Int = 64) {
            self.userAgent = userAgent
            self.proxy = proxy
            self.idleConnections = idleConnections
        }
    }

    /// How requests choose a proxy.
    public enum Proxy: Sendable, Hashable {
        /// libcurl reads http_proxy, https_proxy, all_proxy and no_proxy itself (the default).
        case environment
        /// Never use a proxy, whatever the environment says.
        case none
        /// Always use this proxy URL, e.g. "http://proxy.local:3128".
        case url(String)
    }

    /// The settings this client was made with.
    public let configuration: Configuration
    private let loop: TransferLoop
    /// Easy handles of finished requests, reset for the next ones: making and freeing a handle per request cost more than the request's own setup.
    private let handles: HandlePool

    /// A client with its own connection cache and loop thread; share one per process.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        loop = TransferLoop(idleConnections: max(1, configuration.idleConnections))
        handles = HandlePool(capacity: max(1, configuration.idleConnections))
        loop.start()
    }

    deinit {
        loop.stop()
    }

    /// Sends `request` and returns the complete response; non-2xx statuses are responses, not errors.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let easy = handles.take()
        do {
            try easy.configure(request, configuration)
        } catch {
            handles.give(back: easy)
            throw error
        }
        let transfer = Transfer(easy: easy, request: request)
        // Every way `send` returns comes after the loop took the handle out of the multi handle (or never put it in).
        defer { handles.give(back: easy) }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if transfer.install(continuation) { loop.submit(transfer) }
                }
            } onCancel: {
                transfer.markCancelled()
                loop.cancel(transfer)
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .transport(code: -1, text: "\(error)")
        }
    }
}
