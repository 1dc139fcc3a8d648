/// The one address policy for every fetch made on someone else's say-so (a product link, a product
/// image, an AI service's result URL): resolve the host, keep only addresses `AddressPolicy` allows,
/// and pin the request to one of them with CURLOPT_RESOLVE. A pinned request connects directly,
/// never through a proxy, and a second DNS answer cannot swap in a private address.
public struct AddressGuard: Sendable {
    /// Allows loopback and private addresses (tests, home setups); off by default.
    public var allowPrivateNetworks: Bool
    /// Where host names are resolved.
    public var lookup: any HostLookup

    /// A guard using `lookup`, refusing non-public addresses unless `allowPrivateNetworks`.
    public init(allowPrivateNetworks: Bool = false, lookup: any HostLookup = SystemHostLookup()) {
        self.allowPrivateNetworks = allowPrivateNetworks
        self.lookup = lookup
    }

    /// The pin for `host` (brackets allowed around IPv6) and `port`; throws `.refusedAddress` when every
    /// address is refused and `.couldNotResolveHost` when there is none.
    public func pin(host: String, port: Int) async throws(HTTPError) -> HTTPResolvePin {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses: [String]
        do {
            addresses = try await lookup.addresses(of: host)
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .couldNotResolveHost("\(host): \(error)")
        }
        let allowed = allowPrivateNetworks ? addresses : addresses.filter { AddressPolicy.check($0) == nil }
        guard let address = allowed.first else {
            if addresses.isEmpty { throw .couldNotResolveHost("\(host): no addresses") }
            let reasons = addresses.compactMap { AddressPolicy.check($0)?.description }.joined(separator: ", ")
            throw .refusedAddress("\(host): \(reasons)")
        }
        return HTTPResolvePin(host: bare, port: port, addresses: [address])
    }

    /// The pin for an absolute http(s) URL's host and port; `.invalidRequest` for anything else.
    public func pin(url: String) async throws(HTTPError) -> HTTPResolvePin {
        guard let parts = URLParts(url) else { throw .invalidRequest("not an absolute http(s) URL") }
        return try await pin(host: parts.host, port: parts.port)
    }
}

/// Scheme, host and port of an absolute http(s) URL, read strictly so that libcurl cannot read a
/// different host from the same text: no user info, no backslashes, no spaces or control characters,
/// and a host of letters, digits, dots and hyphens (or a bracketed IPv6 literal).
struct URLParts: Equatable {
    let host: String
    let port: Int

    /// nil unless `url` is http:// or https:// with a non-empty host and a valid port.
    init?(_ url: String) {
        let lowered = url.lowercased()
        let secure: Bool
        if lowered.hasPrefix("https://") { secure = true } else if lowered.hasPrefix("http://") { secure = false } else { return nil }
        var rest = Substring(url.dropFirst(secure ? 8 : 7))
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }), !rest.contains("@") else { return nil }
        var host = rest
        var port = secure ? 443 : 80
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[...close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { guard let value = Int(after.dropFirst()), (1...65_535).contains(value) else { return nil }; port = value }
            else if !after.isEmpty { return nil }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let value = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(value) else { return nil }
            port = value
        }
        guard !host.isEmpty, host.allSatisfy(host.hasPrefix("[") ? Self.isLiteralCharacter : Self.isNameCharacter) else { return nil }
        self.host = String(host)
        self.port = port
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || character == "." || character == "-"
    }

    private static func isLiteralCharacter(_ character: Character) -> Bool {
        character == "[" || character == "]" || character == ":" || character == "." || character.isHexDigit
    }
}
