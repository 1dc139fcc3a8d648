/// Sends HTTP requests; `HTTPClient` is the real one, tests and fakes inject others.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete response; non-2xx statuses are responses, not errors.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
