import Foundation

/// The name a worker writes into the leases it holds: host, process and a random part, so two
/// processes (or a restarted one) never pass for each other.
public struct WorkerID: Sendable, Hashable, CustomStringConvertible {
    /// The longest name accepted.
    public static let maximumLength = 128
    /// The name as stored in `owner` columns.
    public let text: String

    /// A worker named `text` (1–128 characters).
    public init(_ text: String) throws(ScaleError) {
        guard (1...Self.maximumLength).contains(text.count) else {
            throw ScaleError.invalidInput("a worker name must have 1–\(Self.maximumLength) characters")
        }
        self.text = text
    }

    private init(bounded text: String) { self.text = text }

    /// A fresh name for this process: `host:pid:random`.
    public static func unique() -> WorkerID {
        let host = String(ProcessInfo.processInfo.hostName.prefix(64))
        let random = UUID().uuidString.prefix(8).lowercased()
        // 64 + 1 + 10 + 1 + 8 characters at most: always within the bound.
        return WorkerID(bounded: "\(host):\(ProcessInfo.processInfo.processIdentifier):\(random)")
    }

    public var description: String { text }
}
