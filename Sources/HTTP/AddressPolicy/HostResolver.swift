#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks up every address of a host name with the system resolver (`getaddrinfo`).
///
/// The fetcher checks each address with `AddressPolicy` and then connects only to a checked
/// address (pinning it), so a second DNS answer cannot swap in a private one. This call blocks:
/// run it off the cooperative thread pool.
public enum HostResolver {
    /// All IPv4 and IPv6 addresses of `host` in resolver order, without duplicates.
    /// An IP literal is returned as it is (normalized).
    public static func resolve(host: String) throws(HTTPError) -> [String] {
        var name = host
        // A NUL would cut the name short inside getaddrinfo, and control characters or an overlong
        // name are never a real host: refused before the resolver sees them.
        guard !name.isEmpty, name.utf8.count <= 255, !name.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) }) else {
            throw .couldNotResolveHost("host name is empty, too long or contains control characters")
        }
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            throw .couldNotResolveHost("\(host): \(reason)")
        }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let text = numericAddress(entry.pointee), !addresses.contains(text) { addresses.append(text) }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw .couldNotResolveHost("\(host): no addresses") }
        return addresses
    }

    private static func numericAddress(_ entry: addrinfo) -> String? {
        guard let socketAddress = entry.ai_addr else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = entry.ai_family
        let result: UnsafePointer<CChar>?
        if family == AF_INET {
            result = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var address = v4.pointee.sin_addr
                return inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
            }
        } else if family == AF_INET6 {
            result = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var address = v6.pointee.sin6_addr
                return inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            }
        } else {
            return nil
        }
        guard result != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
