#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as raw bytes, parsed strictly (inet_pton): no octal, hex or
/// shortened IPv4 forms, which resolvers accept but a policy check must not guess at.
enum IPAddress: Sendable, Hashable {
    case v4([UInt8])
    case v6([UInt8])

    /// Parses "192.0.2.1", "2001:db8::1", "[2001:db8::1]" or "fe80::1%eth0"; nil for anything else.
    init?(_ text: String) {
        var literal = Substring(text).drop { $0.isWhitespace }
        while literal.last?.isWhitespace == true { literal = literal.dropLast() }
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        if let zone = literal.firstIndex(of: "%") { literal = literal[..<zone] }
        let string = String(literal)
        var v4 = in_addr()
        if inet_pton(AF_INET, string, &v4) == 1 {
            self = .v4(withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, string, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// Whether the first `bits` bits equal those of `prefix`.
    static func bytes(_ bytes: [UInt8], match prefix: [UInt8], bits: Int) -> Bool {
        var remaining = bits
        for (index, expected) in prefix.enumerated() where remaining > 0 {
            let take = min(8, remaining)
            let mask: UInt8 = take == 8 ? 0xFF : ~(0xFF >> UInt8(take))
            if bytes[index] & mask != expected & mask { return false }
            remaining -= take
        }
        return true
    }
}
