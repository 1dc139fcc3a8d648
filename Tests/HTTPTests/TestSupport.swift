import HTTP
import WardrobeTestKit

extension HTTPError {
    /// The case name without its detail, so tests can compare kinds of failure.
    var kind: String {
        switch self {
        case .invalidRequest: "invalidRequest"
        case .couldNotResolveHost: "couldNotResolveHost"
        case .refusedAddress: "refusedAddress"
        case .couldNotConnect: "couldNotConnect"
        case .timeout: "timeout"
        case .tls: "tls"
        case .tooManyRedirects: "tooManyRedirects"
        case .responseTooLarge: "responseTooLarge"
        case .cancelled: "cancelled"
        case .transport: "transport"
        }
    }
}

/// The error `request` fails with, or nil when it succeeds.
func failure(of request: HTTPRequest, on client: HTTPClient) async -> HTTPError? {
    do {
        _ = try await client.send(request)
        return nil
    } catch {
        return error
    }
}

/// How long `body` takes.
func elapsed(_ body: () async -> Void) async -> Duration {
    let start = ContinuousClock.now
    await body()
    return ContinuousClock.now - start
}

/// `count` bytes with every byte value, CR and LF included.
func sampleBytes(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
}
