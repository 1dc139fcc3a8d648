/// A NOTIFY received on a channel the session listens to.
public struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String
    /// The text sent with it (empty when none).
    public let payload: String
    /// The server process of the sending session.
    public let senderProcessID: Int32
}

/// A LISTEN/NOTIFY channel name: 1–63 characters of a–z, 0–9 and `_`, so it can be written into
/// `LISTEN` (which takes no parameters) without quoting.
public struct PostgresChannel: Sendable, Hashable, CustomStringConvertible {
    /// The name as PostgreSQL sees it.
    public let name: String

    /// A channel called `name`; throws for any other character or length.
    public init(_ name: String) throws(PostgresError) {
        let allowed = name.utf8.allSatisfy { (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5f }
        guard (1...63).contains(name.utf8.count), allowed else {
            throw PostgresError(kind: .argument, message: "a channel name has 1–63 characters of a–z, 0–9 and _")
        }
        self.name = name
    }

    public var description: String { name }
}
