import Foundation
import HTTP
import JSON

/// Calls the Matrix Client-Server API; every call maps error answers to `MatrixError`.
///
/// The token goes only in the `Authorization` header, never in a query string.
public struct MatrixClient: Sendable {
    /// The HTTP client (the real one, or a fake in tests).
    public let http: any HTTPTransport
    /// The homeserver base URL without a trailing slash.
    public let baseURL: String
    /// The token holder.
    public let session: MatrixSession

    /// A client for `baseURL` using the session's token.
    public init(http: any HTTPTransport, baseURL: String, session: MatrixSession) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.http = http
        self.baseURL = base
        self.session = session
    }

    /// One request's options beyond method and path.
    public struct Options: Sendable {
        /// Query items, encoded by the client.
        public var query: [(String, String)] = []
        /// The body.
        public var body: HTTPBody = .empty
        /// Whether to send the access token.
        public var authenticated = true
        /// Total time for the exchange.
        public var timeout: Duration = .seconds(30)
        /// Largest accepted body.
        public var maxResponseBytes = 2 * 1024 * 1024

        /// Default options.
        public init() {}
    }

    /// Sends a request and returns the 2xx answer; anything else throws `MatrixError`.
    public func raw(_ method: HTTPMethod, _ path: String, _ options: Options = Options()) async throws -> HTTPResponse {
        var url = baseURL + path
        if !options.query.isEmpty {
            url += "?" + options.query.map { "\(MatrixClient.encode($0.0))=\(MatrixClient.encode($0.1))" }.joined(separator: "&")
        }
        var request = HTTPRequest(method: method, url: url, headers: ["Accept": "application/json"], body: options.body)
        request.timeout = options.timeout
        request.maxResponseBytes = options.maxResponseBytes
        let token = await session.accessToken
        if options.authenticated {
            guard let token else { throw MatrixError.unknownToken(softLogout: false, message: "no access token") }
            request.headers.set("Authorization", "Bearer \(token)")
        }
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            throw MatrixError.network(error)
        }
        if let error = MatrixError.from(response) {
            if case .unknownToken = error, options.authenticated { await session.tokenRejected(token) }
            throw error
        }
        return response
    }

    /// Sends a request with an optional JSON body and parses the JSON answer.
    @discardableResult
    public func json(_ method: HTTPMethod, _ path: String, body: JSON? = nil, _ options: Options = Options()) async throws -> JSON {
        var options = options
        if let body { options.body = .json(body.serialized()) }
        let response = try await raw(method, path, options)
        do {
            return try JSON.parse(bytes: response.body)
        } catch {
            throw MatrixError.malformedResponse("\(path): \(error)")
        }
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes one path segment or query component (room ids, event ids, tokens).
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
