import Foundation
import JSON

/// Where a job is in its life: queued → running → done, failed or cancelled (running may go back to queued for a retry).
public enum JobState: String, Sendable, Hashable, CaseIterable {
    case queued, running, done, failed, cancelled

    /// True once the job will never run again.
    public var isFinal: Bool { self == .done || self == .failed || self == .cancelled }
}

/// One row of the durable `jobs` queue.
public struct JobRecord: Sendable, Hashable {
    public let id: Int64
    /// What kind of work, e.g. "tryon"; workers claim only their own kind.
    public let kind: String
    public let userID: Int64
    public let chatID: Int64?
    public var state: JobState
    /// The work's parameters, owned by the kind's worker.
    public var payload: JSON
    /// What the work produced (for try-ons: the look numbers).
    public var result: JSON?
    /// The last error, for logs and the user message.
    public var error: String?
    /// How many times the job was claimed to run.
    public var attempts: Int
    /// The job is not claimed before this instant (retry backoff).
    public var notBefore: Date
    public let createdAt: Date
    public var updatedAt: Date
    /// True once the result was handed to the chat; set at most once.
    public var delivered: Bool

    public init(
        id: Int64, kind: String, userID: Int64, chatID: Int64?, state: JobState, payload: JSON, result: JSON?, error: String?,
        attempts: Int, notBefore: Date, createdAt: Date, updatedAt: Date, delivered: Bool
    ) {
        self.id = id
        self.kind = kind
        self.userID = userID
        self.chatID = chatID
        self.state = state
        self.payload = payload
        self.result = result
        self.error = error
        self.attempts = attempts
        self.notBefore = notBefore
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.delivered = delivered
    }
}

/// What start-up recovery did with jobs a previous process left `running`.
public struct JobRecovery: Sendable {
    /// Jobs put back in the queue (their first interruption).
    public var requeued: [JobRecord] = []
    /// Jobs failed because they were interrupted a second time.
    public var failed: [JobRecord] = []
    /// Finished jobs whose result was never delivered.
    public var undelivered: [JobRecord] = []

    public init(requeued: [JobRecord] = [], failed: [JobRecord] = [], undelivered: [JobRecord] = []) {
        self.requeued = requeued
        self.failed = failed
        self.undelivered = undelivered
    }
}
