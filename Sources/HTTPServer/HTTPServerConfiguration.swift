/// Where the embedded server listens and the limits it enforces on every request.
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// An IPv4 or IPv6 literal; loopback by default, so nothing is exposed unless asked for.
    public var host: String
    /// The TCP port; 0 lets the kernel choose (the server reports the port it got).
    public var port: Int
    /// Largest request body accepted; a longer one is answered 413 (or the connection is closed when
    /// the body is chunked and passes the limit on the way).
    public var maxBodyBytes: Int
    /// Connections open at once, suspended ones included.
    public var connectionLimit: Int
    /// An idle connection is closed after this many seconds.
    public var idleTimeoutSeconds: Int
    /// A handler still working after this long gets its request answered 503.
    public var handlerTimeout: Duration
    /// Memory for one connection's header lines and buffers (bounds the header size).
    public var connectionMemoryBytes: Int

    /// Loopback, an ephemeral port and limits that suit webhooks and metrics.
    public init(
        host: String = "127.0.0.1", port: Int = 0, maxBodyBytes: Int = 1_048_576, connectionLimit: Int = 256,
        idleTimeoutSeconds: Int = 30, handlerTimeout: Duration = .seconds(30), connectionMemoryBytes: Int = 65_536
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.connectionLimit = connectionLimit
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.handlerTimeout = handlerTimeout
        self.connectionMemoryBytes = connectionMemoryBytes
    }
}
