/// One request as a handler sees it: the body is complete and within the configured limit.
public struct HTTPServerRequest: Sendable {
    /// The method in upper case, e.g. "POST".
    public let method: String
    /// The path without the query string, percent-decoded by libmicrohttpd, e.g. "/telegram/webhook".
    public let path: String
    /// Header lines in arrival order; look them up with `header(_:)`.
    public let headers: [(name: String, value: String)]
    /// Query arguments in arrival order.
    public let query: [(name: String, value: String)]
    /// The body bytes.
    public let body: [UInt8]

    /// A request; the server builds these, tests of handlers may too.
    public init(
        method: String, path: String, headers: [(name: String, value: String)] = [], query: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.query = query
        self.body = body
    }

    /// The first value of a header, matched without regard to case (HTTP names are case-insensitive).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
