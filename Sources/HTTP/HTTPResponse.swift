/// A complete HTTP response: status, headers and the (decoded) body.
public struct HTTPResponse: Sendable {
    /// The status code of the final response, e.g. 200.
    public var status: Int
    /// The headers of the final response.
    public var headers: HTTPHeaders
    /// The body bytes, already decoded from gzip or brotli.
    public var body: [UInt8]
    /// The URL the body came from, after any followed redirects.
    public var effectiveURL: String
    /// The absolute target of a redirect that was not followed.
    public var redirectLocation: String?

    /// A response from all its pieces; for fakes and tests.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], effectiveURL: String = "", redirectLocation: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.redirectLocation = redirectLocation
    }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text, with invalid bytes replaced.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
