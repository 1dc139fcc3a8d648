import Foundation

/// Where a server listens: an IP literal and a port, parsed from `127.0.0.1:8443` or `[::1]:8443`.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The IPv4 or IPv6 literal (IPv6 without brackets).
    public let host: String
    /// 0 to 65535; 0 lets the kernel pick a free port.
    public let port: Int

    /// The address, or nil when `text` is not `HOST:PORT` with an IP literal host.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":") else { return nil }
        } else if host.contains(":") {
            return nil
        }
        guard ListenAddress.isIPLiteral(host) else { return nil }
        self.host = host
        self.port = port
    }

    /// `host:port`, IPv6 in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isIPLiteral(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
