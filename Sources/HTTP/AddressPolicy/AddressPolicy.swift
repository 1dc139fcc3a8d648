/// Decides which IP addresses the bot may fetch from on a user's or a service's behalf (product
/// links, product images, AI result URLs): only public unicast addresses.
/// Everything that reaches the bot's own machine, its network or a cloud metadata service
/// is refused, including IPv4 addresses hidden inside IPv6 (mapped, compatible, NAT64, 6to4).
public enum AddressPolicy {
    /// nil when `address` is a public address the fetcher may use, else why it is refused.
    public static func check(_ address: String) -> Refusal? {
        guard let parsed = IPAddress(address) else { return Refusal(address: address, reason: .invalid) }
        let reason: Refusal.Reason?
        switch parsed {
        case .v4(let bytes): reason = v4Reason(bytes)
        case .v6(let bytes): reason = v6Reason(bytes)
        }
        return reason.map { Refusal(address: address, reason: $0) }
    }

    /// Whether `address` is allowed.
    public static func allows(_ address: String) -> Bool { check(address) == nil }

    private typealias Range4 = (prefix: [UInt8], bits: Int, reason: Refusal.Reason)

    /// Most specific ranges first: the metadata address sits inside link-local.
    private static let v4Ranges: [Range4] = [
        ([0, 0, 0, 0], 32, .unspecified),
        ([169, 254, 169, 254], 32, .cloudMetadata),
        ([255, 255, 255, 255], 32, .broadcast),
        ([0, 0, 0, 0], 8, .reserved),
        ([10, 0, 0, 0], 8, .privateNetwork),
        ([100, 64, 0, 0], 10, .sharedAddressSpace),
        ([127, 0, 0, 0], 8, .loopback),
        ([169, 254, 0, 0], 16, .linkLocal),
        ([172, 16, 0, 0], 12, .privateNetwork),
        ([192, 0, 0, 0], 24, .reserved),
        ([192, 0, 2, 0], 24, .documentation),
        ([192, 88, 99, 0], 24, .reserved),
        ([192, 168, 0, 0], 16, .privateNetwork),
        ([198, 18, 0, 0], 15, .reserved),
        ([198, 51, 100, 0], 24, .documentation),
        ([203, 0, 113, 0], 24, .documentation),
        ([224, 0, 0, 0], 4, .multicast),
        ([240, 0, 0, 0], 4, .reserved),
    ]

    /// Why an IPv4 address is refused, if it is.
    static func v4Reason(_ bytes: [UInt8]) -> Refusal.Reason? {
        v4Ranges.first { IPAddress.bytes(bytes, match: $0.prefix, bits: $0.bits) }?.reason
    }

    private static let v6Ranges: [Range4] = [
        ([0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], 128, .cloudMetadata),
        ([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01], 48, .privateNetwork),  // local-use NAT64
        ([0xFC], 7, .privateNetwork),
        ([0xFE, 0x80], 10, .linkLocal),
        ([0xFE, 0xC0], 10, .privateNetwork),  // deprecated site-local
        ([0xFF], 8, .multicast),
        ([0x20, 0x01, 0x0D, 0xB8], 32, .documentation),
        ([0x3F, 0xFF, 0x00, 0x00], 20, .documentation),
        ([0x20, 0x01, 0x00, 0x00], 32, .reserved),  // Teredo hides the real IPv4 address
        ([0x20, 0x01, 0x00, 0x00], 23, .reserved),  // IETF protocol assignments
        ([0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, .reserved),  // discard-only
    ]

    /// Why an IPv6 address is refused, if it is.
    static func v6Reason(_ bytes: [UInt8]) -> Refusal.Reason? {
        let zeros = [UInt8](repeating: 0, count: 16)
        if bytes == zeros { return .unspecified }
        if bytes == zeros.dropLast() + [1] { return .loopback }
        let embedded = Array(bytes[12..<16])
        // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64).
        if IPAddress.bytes(bytes, match: zeros.prefix(10) + [0xFF, 0xFF], bits: 96)
            || IPAddress.bytes(bytes, match: Array(zeros.prefix(12)), bits: 96)
            || IPAddress.bytes(bytes, match: [0x00, 0x64, 0xFF, 0x9B] + zeros.prefix(8), bits: 96) {
            return v4Reason(embedded)
        }
        // 6to4: 2002:a.b.c.d::/48 routes to the IPv4 address in bytes 2…5.
        if IPAddress.bytes(bytes, match: [0x20, 0x02], bits: 16) {
            return v4Reason(Array(bytes[2..<6]))
        }
        if let range = v6Ranges.first(where: { IPAddress.bytes(bytes, match: $0.prefix, bits: $0.bits) }) {
            return range.reason
        }
        // Only global unicast (2000::/3) is public at all.
        return IPAddress.bytes(bytes, match: [0x20], bits: 3) ? nil : .reserved
    }
}
