/// How the inbox leases chats and when it sets a message aside.
public struct InboxConfiguration: Sendable, Hashable {
    /// How long a claimed chat stays with its worker without a heartbeat (1–3600 s, default 30):
    /// the longest a killed worker's chat waits before another worker takes it.
    public let leaseSeconds: Double
    /// Claims of one message without finishing before it is set aside (1–100, default 3).
    public let maxAttempts: Int

    /// Settings clamped into their ranges.
    public init(leaseSeconds: Double = 30, maxAttempts: Int = 3) {
        self.leaseSeconds = leaseSeconds.isFinite ? min(max(leaseSeconds, 1), 3600) : 30
        self.maxAttempts = min(max(maxAttempts, 1), 100)
    }

    /// How often a worker renews a lease it holds: a third of its length, so two renewals can fail.
    public var heartbeatSeconds: Double { leaseSeconds / 3 }
}
