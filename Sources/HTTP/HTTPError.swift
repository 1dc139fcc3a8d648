/// Why an HTTP exchange failed. Each case carries libcurl's text for logs.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL or a request field could not be used.
    case invalidRequest(String)
    /// The host name did not resolve.
    case couldNotResolveHost(String)
    /// The host resolves only to addresses `AddressPolicy` refuses (private, loopback, metadata…).
    case refusedAddress(String)
    /// The TCP connection was refused or failed.
    case couldNotConnect(String)
    /// The connect timeout or the total timeout ran out.
    case timeout(String)
    /// The TLS handshake or certificate check failed.
    case tls(String)
    /// More redirects than the request allows.
    case tooManyRedirects(limit: Int)
    /// The body was bigger than the request's `maxResponseBytes`.
    case responseTooLarge(limit: Int)
    /// The calling task was cancelled; the transfer was aborted.
    case cancelled
    /// Any other libcurl failure, e.g. a body cut short (code 18) or a reset connection (56).
    case transport(code: Int, text: String)

    /// Whether sending the same request again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .couldNotResolveHost, .couldNotConnect, .timeout: return true
        case .invalidRequest, .refusedAddress, .tls, .tooManyRedirects, .responseTooLarge, .cancelled: return false
        case .transport(let code, _): return Self.retryableCodes.contains(code)
        }
    }

    /// A short message for chat users: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .invalidRequest: return "That link doesn't look valid. Check it and send it again."
        case .couldNotResolveHost: return "I couldn't find that website. Check the link and try again."
        case .refusedAddress: return "That link points to a private or local address, so I won't open it. Send a public link."
        case .couldNotConnect: return "I couldn't reach the server. Try again in a few minutes."
        case .timeout: return "The server took too long to answer. Try again in a few minutes."
        case .tls: return "That site's secure connection failed, so I didn't open it. Try another link."
        case .tooManyRedirects: return "That link redirects too many times. Try the final page's link instead."
        case .responseTooLarge: return "That page is too large for me to load. Try a more specific link."
        case .cancelled: return "The request was cancelled."
        case .transport: return "The connection failed. Try again in a few minutes."
        }
    }

    /// The detail for logs, one line.
    public var description: String {
        switch self {
        case .invalidRequest(let text): return "invalid request: \(text)"
        case .couldNotResolveHost(let text): return "could not resolve host: \(text)"
        case .refusedAddress(let text): return "refused address: \(text)"
        case .couldNotConnect(let text): return "could not connect: \(text)"
        case .timeout(let text): return "timeout: \(text)"
        case .tls(let text): return "TLS failure: \(text)"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .responseTooLarge(let limit): return "response larger than \(limit) bytes"
        case .cancelled: return "cancelled"
        case .transport(let code, let text): return "transport error \(code): \(text)"
        }
    }

    /// libcurl codes that describe a connection failing mid-way, worth a retry:
    /// 16 HTTP/2 framing, 18 partial file, 52 empty reply, 55 send error, 56 receive error, 92 HTTP/2 stream.
    private static let retryableCodes: Set<Int> = [16, 18, 52, 55, 56, 92]
}
