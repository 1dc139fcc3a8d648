/// The routing table: exact paths, each with handlers per method. Pure value; the server asks it for every request.
public struct HTTPRoutes: Sendable {
    /// Answers one request; runs on the cooperative pool, never on libmicrohttpd's thread.
    public typealias Handler = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

    private var table: [String: [String: Handler]] = [:]

    /// An empty table (every request is answered 404).
    public init() {}

    /// Routes `method` (any case) on the exact `path` to `handler`; a later route for the same pair replaces it.
    public mutating func add(_ method: String, _ path: String, _ handler: @escaping Handler) {
        table[path, default: [:]][method.uppercased()] = handler
    }

    /// The paths served, sorted (for logs).
    public var paths: [String] { table.keys.sorted() }

    /// The handler's answer, 404 for an unknown path, or 405 with `Allow` for a known path and another method.
    public func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        guard let methods = table[request.path] else { return .text("Not Found\n", status: 404) }
        guard let handler = methods[request.method.uppercased()] else {
            var response = HTTPServerResponse.text("Method Not Allowed\n", status: 405)
            response.headers.append(("Allow", methods.keys.sorted().joined(separator: ", ")))
            return response
        }
        return await handler(request)
    }
}
