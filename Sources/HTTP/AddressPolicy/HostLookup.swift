import Dispatch

/// Resolves host names to addresses (injectable, so tests can simulate DNS answers).
public protocol HostLookup: Sendable {
    /// Every address of `host`.
    func addresses(of host: String) async throws -> [String]
}

/// The system resolver (`getaddrinfo`), run on a global queue so the cooperative pool never blocks.
public struct SystemHostLookup: HostLookup {
    /// The system resolver.
    public init() {}

    /// Every address of `host` from `HostResolver`.
    public func addresses(of host: String) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { () throws(HTTPError) -> [String] in try HostResolver.resolve(host: host) })
            }
        }
    }
}
