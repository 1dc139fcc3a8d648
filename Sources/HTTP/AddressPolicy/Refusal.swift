/// Why the bot refuses to connect to an address: it is not a public internet host.
public struct Refusal: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of non-public address.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        case invalid = "not an IP address"
        case unspecified = "unspecified address"
        case loopback = "loopback"
        case privateNetwork = "private network"
        case linkLocal = "link-local"
        case sharedAddressSpace = "carrier-grade NAT"
        case cloudMetadata = "cloud metadata endpoint"
        case multicast = "multicast"
        case broadcast = "broadcast"
        case documentation = "documentation range"
        case reserved = "reserved range"
    }

    /// The address as given.
    public let address: String
    /// Why it is refused.
    public let reason: Reason

    /// A refusal of `address` for `reason`.
    public init(address: String, reason: Reason) {
        self.address = address
        self.reason = reason
    }

    /// "10.0.0.1 is a private network address", for logs.
    public var description: String { "\(address) refused: \(reason.rawValue)" }
}
