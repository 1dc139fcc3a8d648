import Foundation

/// Durable starts of work items, so an item that crashed the worker too often is set aside (`Chat/PoisonGuard`).
public protocol AttemptLedger: Sendable {
    /// Records a start of `itemID`, or sets it aside when it was already started `maxAttempts` times without finishing.
    func beginAttempt(kind: String, itemID: String, chatKey: String, maxAttempts: Int, now: Date) async throws -> AttemptDecision
    /// Notes why an item was set aside, for the operator (cut to 500 characters).
    func describeSetAside(kind: String, itemID: String, detail: String) async throws
    /// Forgets the attempts of finished items; set-aside items stay.
    func finishAttempts(kind: String, itemIDs: [String]) async throws
}
