import Foundation
import HTTP

/// Fetches product pages and images safely: http(s) only, a browser-like request, a total
/// time limit, size caps, at most N redirects, and SSRF protection on every hop through the shared
/// `AddressGuard` (HTTP module) — the host is resolved, every address checked with `AddressPolicy`,
/// and the connection pinned to a checked address with CURLOPT_RESOLVE so a second DNS answer cannot swap it.
public struct ProductFetcher: Sendable {
    /// Limits and identity of the fetcher.
    public struct Configuration: Sendable {
        /// Allows loopback and private addresses (tests, home setups); off by default.
        public var allowPrivateNetworks = false
        public var timeout: Duration = .seconds(15)
        public var maxPageBytes = 5 * 1024 * 1024
        public var maxImageBytes = 15 * 1024 * 1024
        public var maxRedirects = 5
        public var userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
        public var acceptLanguage = "en-GB,en;q=0.9,de;q=0.6,fr;q=0.5,es;q=0.4,it;q=0.3"

        public init() {}
    }

    public let configuration: Configuration
    private let http: any HTTPTransport
    private let lookup: any HostLookup

    /// `lookup` maps a host name to its addresses; the default uses the system resolver off the cooperative pool.
    public init(configuration: Configuration, http: any HTTPTransport, lookup: any HostLookup = SystemHostLookup()) {
        self.configuration = configuration
        self.http = http
        self.lookup = lookup
    }

    /// Fetches a product page (HTML only).
    public func page(_ link: String) async throws(FetchError) -> FetchedResource {
        let resource = try await fetch(link, maxBytes: configuration.maxPageBytes, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
        let type = resource.contentType?.lowercased() ?? ""
        guard type.isEmpty || type.contains("html") || type.contains("xml") || type.hasPrefix("text/plain") else {
            throw .wrongContentType(type)
        }
        return resource
    }

    /// Downloads a product image (checked and decoded later by the image pipeline).
    public func image(_ url: URL) async throws(FetchError) -> FetchedResource {
        let resource = try await fetch(url.absoluteString, maxBytes: configuration.maxImageBytes, accept: "image/avif,image/webp,image/*;q=0.8")
        if let type = resource.contentType?.lowercased(), !type.isEmpty, !type.hasPrefix("image/"), !type.contains("octet-stream") {
            throw .wrongContentType(type)
        }
        return resource
    }

    /// The link as a URL the fetcher would open (http or https, with a host), or `.invalidURL`: callers can
    /// refuse "https://" alone before saying they are reading anything. Every hop is checked again.
    public static func checkedURL(_ link: String) throws(FetchError) -> URL {
        guard let url = URL(string: link.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw .invalidURL(link) }
        try check(url)
        return url
    }

    /// Refuses a URL that is not http(s) or has no host.
    private static func check(_ url: URL) throws(FetchError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw .invalidURL(url.absoluteString)
        }
    }

    private func fetch(_ link: String, maxBytes: Int, accept: String) async throws(FetchError) -> FetchedResource {
        let deadline = ContinuousClock.now + configuration.timeout
        var url = try Self.checkedURL(link)
        for _ in 0...configuration.maxRedirects {
            let (request, pin) = try await prepare(url, maxBytes: maxBytes, accept: accept, deadline: deadline)
            var pinned = request
            pinned.resolve = [pin]
            let response: HTTPResponse
            do { response = try await http.send(pinned) } catch {
                switch error {
                case .timeout: throw .timeout
                case .responseTooLarge(let limit): throw .tooLarge(limit: limit)
                case .cancelled: throw .network("cancelled")
                default: throw .network(error.description)
                }
            }
            if (300..<400).contains(response.status), let location = response.headers["Location"] ?? response.redirectLocation {
                // Every hop is resolved, checked and pinned again.
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { throw .invalidURL(location) }
                url = next
                continue
            }
            switch response.status {
            case 200..<300:
                return FetchedResource(bytes: response.body, contentType: response.headers["Content-Type"], url: url)
            case 401, 403, 429: throw .blocked(response.status)
            default: throw .status(response.status)
            }
        }
        throw .tooManyRedirects(configuration.maxRedirects)
    }

    /// Validates the URL, resolves and checks its host, and builds the pinned request.
    private func prepare(_ url: URL, maxBytes: Int, accept: String, deadline: ContinuousClock.Instant) async throws(FetchError)
        -> (HTTPRequest, HTTPResolvePin)
    {
        try Self.check(url)
        let host = url.host ?? ""
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let pin: HTTPResolvePin
        do {
            pin = try await AddressGuard(allowPrivateNetworks: configuration.allowPrivateNetworks, lookup: lookup).pin(host: host, port: port)
        } catch {
            switch error {
            case .refusedAddress(let detail): throw .refusedAddress(detail)
            default: throw .unresolvable(error.description)
            }
        }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .milliseconds(50) else { throw .timeout }
        var request = HTTPRequest(url: url.absoluteString, headers: ["Accept": accept, "Accept-Language": configuration.acceptLanguage])
        request.userAgent = configuration.userAgent
        request.followRedirects = false
        request.timeout = remaining
        request.connectTimeout = min(remaining, .seconds(10))
        request.maxResponseBytes = maxBytes
        return (request, pin)
    }
}
