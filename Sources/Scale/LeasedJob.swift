import Foundation

/// A job waiting to be queued: a try-on, a daily send.
public struct JobRequest: Sendable, Hashable {
    /// The longest kind, chat key or dedupe key accepted.
    public static let maximumKeyLength = 256
    /// The largest payload accepted, in UTF-8 bytes.
    public static let maximumPayloadBytes = 1 << 20

    /// What the job does, e.g. `tryon` or `daily`; workers claim by kind.
    public let kind: String
    /// The chat its result goes to.
    public let chatKey: String
    /// Its parameters as JSON text.
    public let payload: String
    /// When set, a second job with the same key is not queued (e.g. `daily:telegram:1:2026-12-01`).
    public let dedupeKey: String?

    /// A request, refused when a field is empty or too long.
    public init(kind: String, chatKey: String, payload: String, dedupeKey: String? = nil) throws(ScaleError) {
        for (field, value) in [("kind", kind), ("chat key", chatKey), ("dedupe key", dedupeKey ?? "-")]
        where !(1...Self.maximumKeyLength).contains(value.utf8.count) {
            throw ScaleError.invalidInput("a job \(field) must have 1–\(Self.maximumKeyLength) bytes")
        }
        guard (1...Self.maximumPayloadBytes).contains(payload.utf8.count) else {
            throw ScaleError.invalidInput("a job payload must have 1–\(Self.maximumPayloadBytes) bytes")
        }
        self.kind = kind
        self.chatKey = chatKey
        self.payload = payload
        self.dedupeKey = dedupeKey
    }
}

/// A job a worker has claimed.
public struct LeasedJob: Sendable, Hashable {
    /// The row id.
    public let id: Int64
    /// What the job does, e.g. `tryon`.
    public let kind: String
    /// The chat its result goes to.
    public let chatKey: String
    /// Its parameters as JSON text.
    public let payload: String
    /// How many times it has been claimed, this claim included.
    public let attempt: Int
}

/// What `JobQueue.claimNext` hands a worker.
public enum JobClaim: Sendable, Hashable {
    /// Run this job; it is leased to this worker until `finish`, `retry`, or the lease expires.
    case run(LeasedJob)
    /// Claimed `maxAttempts` times without finishing: set aside; tell the chat once.
    case setAside(LeasedJob)

    /// The job either way.
    public var job: LeasedJob {
        switch self {
        case .run(let job), .setAside(let job): job
        }
    }
}
