/// An HTTP/1.1 server on 127.0.0.1 (or [::1]) and an ephemeral port, for network tests.
///
/// Accept and connection loops run on their own threads, never on Swift's cooperative pool;
/// the async handler answers each request. Every request is recorded. Call `stop()` when done
/// (deinit stops it too).
public final class LoopbackHTTPServer: Sendable {
    private let core: LoopbackServerCore
    /// The base URL, e.g. "http://127.0.0.1:40123", without a trailing slash.
    public let baseURL: String

    /// Starts a server that answers every request with `handler`.
    public init(ipv6: Bool = false, handler: @escaping @Sendable (LoopbackRequest) async -> LoopbackResponse) throws(TestKitError) {
        core = try LoopbackServerCore(ipv6: ipv6, handler: handler)
        baseURL = ipv6 ? "http://[::1]:\(core.port)" : "http://127.0.0.1:\(core.port)"
    }

    deinit {
        core.stop()
    }

    /// The bound port.
    public var port: Int { core.port }

    /// `baseURL` followed by `path`, e.g. `url("/bot1/getMe")`.
    public func url(_ path: String) -> String { baseURL + path }

    /// Every request received so far, in order.
    public var requests: [LoopbackRequest] { core.requests }

    /// How many connections have been accepted; fewer than requests means connections were reused.
    public var connectionCount: Int { core.connections }

    /// How many responses the client cut off (closed the connection) before they were fully sent.
    public var abortedResponses: Int { core.abortedResponses }

    /// Waits until at least `count` responses were cut off by the client; false on timeout.
    public func waitForAbortedResponses(_ count: Int = 1, timeout: Duration = .seconds(2)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if abortedResponses >= count { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return abortedResponses >= count
    }

    /// Closes the listening socket and every connection; the server's threads end in the background.
    public func stop() {
        core.stop()
    }
}
