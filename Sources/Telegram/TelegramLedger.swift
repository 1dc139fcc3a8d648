import Foundation
import Storage

/// The single-process update ledger on SQLite: the getUpdates offset with the processed ids, and the
/// webhook inbox. Several workers on PostgreSQL use a `SharedInbox` instead.
public protocol TelegramLedger: Sendable {
    /// The cursor (next getUpdates offset) stored for `transport`.
    func cursor(transport: String) async throws -> String?
    /// Records updates handled with the new cursor and their replies' outbox rows, in one transaction.
    func markProcessed(
        transport: String, updateIDs: [String], cursor: String?, outbox drafts: [OutboxDraft], attemptKind: String?, now: Date
    ) async throws -> (recorded: [String], outbox: [OutboxRecord])
    /// Which of `updateIDs` are recorded as handled.
    func processedIDs(transport: String, among updateIDs: [String]) async throws -> Set<String>
    /// Stores a webhook update; false when it was stored before.
    func insertInbox(transport: String, updateID: String, payload: String, now: Date) async throws -> Bool
    /// Inbox rows not handled yet, after row `afterID`, in arrival order.
    func pendingInbox(transport: String, afterID: Int64, limit: Int) async throws -> [InboxRecord]
    /// Records inbox updates handled with their replies' outbox rows, in one transaction.
    func markInboxProcessed(
        transport: String, updateIDs: [String], outbox drafts: [OutboxDraft], attemptKind: String?, now: Date
    ) async throws -> [OutboxRecord]
}

extension Store: TelegramLedger {}
