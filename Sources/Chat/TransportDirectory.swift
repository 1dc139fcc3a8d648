import Synchronization

/// The running transports by name, so work outside a handler (try-on results, schedules) can
/// reach a chat: the executable registers each transport once it exists.
public final class TransportDirectory: Sendable {
    private let transports = Mutex<[String: any ChatTransport]>([:])

    public init() {}

    /// Adds or replaces the transport under its `name`.
    public func register(_ transport: any ChatTransport) {
        transports.withLock { $0[transport.name] = transport }
    }

    /// The transport called `name` ("telegram", "matrix", "console"), if running.
    public func transport(named name: String) -> (any ChatTransport)? {
        transports.withLock { $0[name] }
    }
}
