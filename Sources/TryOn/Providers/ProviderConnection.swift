import Foundation
import HTTP
import JSON

/// What every provider shares: the transport, the key, the limits, and the mapping of transport failures.
///
/// The key only ever goes into request headers; `redacted(_:)` scrubs it from any server text kept in an error.
struct ProviderConnection: Sendable {
    let service: TryOnService
    let http: any HTTPTransport
    let key: String
    let timeout: Duration
    let maxResponseBytes: Int
    /// The address policy for result-image URLs: public addresses only, pinned (see `ResultImageReader`).
    var resultAddresses = AddressGuard()

    /// A request with the provider's timeout and response cap; a JSON body when `json` is given.
    func request(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders, json: JSON? = nil) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: url, headers: headers, body: json.map { .json($0.serialized()) } ?? .empty)
        request.headers.set("Accept", "application/json")
        request.timeout = timeout
        request.connectTimeout = min(.seconds(10), timeout)
        request.maxResponseBytes = maxResponseBytes
        return request
    }

    /// Sends `request`; transport failures become `.timeout`, `.cancelled` or `.network`.
    func send(_ request: HTTPRequest) async throws(TryOnError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        do {
            return try await http.send(request)
        } catch {
            throw failure(error)
        }
    }

    /// The TryOn error for a transport failure.
    func failure(_ error: HTTPError) -> TryOnError {
        switch error {
        case .cancelled: return .cancelled
        case .timeout: return .timeout(service)
        default: return .network(service, error)
        }
    }

    /// The body parsed as JSON, or nil when it is not JSON (an HTML error page from a proxy, say).
    func json(_ response: HTTPResponse) -> JSON? {
        try? JSON.parse(bytes: response.body)
    }

    /// The body parsed as JSON; a 2xx body that is not JSON is a bad response.
    func requireJSON(_ response: HTTPResponse) throws(TryOnError) -> JSON {
        guard let body = json(response) else {
            throw .badResponse(service, detail: "status \(response.status), body is not JSON: \(snippet(response.text))")
        }
        return body
    }

    /// Server text fit for an error: the key (and each half of a Fal "id:secret" key) removed, cut to 300 characters.
    func redacted(_ text: String) -> String {
        var result = text
        let parts = [key] + key.split(separator: ":").map(String.init)
        for secret in parts.sorted(by: { $0.count > $1.count }) where secret.count >= 6 {
            result = result.replacingOccurrences(of: secret, with: "[REDACTED]")
        }
        return String(result.prefix(300))
    }

    /// The start of a body for an error detail, redacted and on one line.
    func snippet(_ text: String) -> String {
        redacted(String(text.prefix(300)).replacingOccurrences(of: "\n", with: " "))
    }

    /// Fails with `.missingKey` when no key is configured.
    func requireKey() throws(TryOnError) {
        if key.isEmpty { throw .missingKey(service) }
    }

    /// `base` without a trailing slash, followed by `path`.
    static func url(_ base: String, _ path: String) -> String {
        var base = Substring(base)
        while base.hasSuffix("/") { base = base.dropLast() }
        return base + path
    }
}
