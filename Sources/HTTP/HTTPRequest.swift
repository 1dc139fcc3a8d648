/// One HTTP request: what to send and the limits that apply to it.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute http or https URL.
    public var url: String
    /// Request headers; libcurl adds Host, Content-Length and the like.
    public var headers: HTTPHeaders
    /// The body to send.
    public var body: HTTPBody
    /// The longest time to wait for the connection (TCP and TLS) to be set up.
    public var connectTimeout: Duration = .seconds(10)
    /// The longest time the whole exchange may take, connect included.
    public var timeout: Duration = .seconds(30)
    /// The largest response body accepted, after decoding; bigger ones fail with `.responseTooLarge`.
    public var maxResponseBytes: Int = 20 * 1024 * 1024
    /// Whether 3xx responses with a Location are followed.
    public var followRedirects: Bool = true
    /// How many redirects are followed before `.tooManyRedirects`.
    public var maxRedirects: Int = 5
    /// Fixed addresses for host:port pairs; a pinned request connects directly (no proxy)
    /// on a fresh connection, so it reaches only the pinned addresses.
    public var resolve: [HTTPResolvePin] = []
    /// The User-Agent; nil uses the client's configured one.
    public var userAgent: String?
    /// Whether to ask for and transparently decode gzip, deflate and brotli bodies.
    public var acceptEncoding: Bool = true

    /// A request with default limits.
    public init(method: HTTPMethod = .get, url: String, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A copy for a long poll whose server holds the request up to `serverTimeout`:
    /// the total timeout becomes `serverTimeout + margin` so a quiet poll is not a failure.
    public func longPoll(serverTimeout: Duration, margin: Duration = .seconds(10)) -> HTTPRequest {
        var copy = self
        copy.timeout = serverTimeout + margin
        return copy
    }
}
