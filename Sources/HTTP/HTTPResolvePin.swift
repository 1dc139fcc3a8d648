/// A fixed host:port to address mapping for one request (libcurl's CURLOPT_RESOLVE).
///
/// The product fetcher resolves a host itself, checks that the addresses are public,
/// and pins them here so libcurl cannot connect anywhere else (no DNS rebinding).
public struct HTTPResolvePin: Sendable, Hashable {
    /// The host name exactly as it appears in the URL.
    public var host: String
    /// The port the URL connects to (80 or 443 unless given).
    public var port: Int
    /// Numeric IPv4 or IPv6 addresses, tried in order.
    public var addresses: [String]

    /// A pin from its pieces.
    public init(host: String, port: Int, addresses: [String]) {
        self.host = host
        self.port = port
        self.addresses = addresses
    }

    /// The CURLOPT_RESOLVE line; the leading "+" lets the entry expire from the
    /// multi handle's shared DNS cache instead of staying forever.
    var curlEntry: String {
        let list = addresses.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 }
        return "+\(host):\(port):\(list.joined(separator: ","))"
    }
}
