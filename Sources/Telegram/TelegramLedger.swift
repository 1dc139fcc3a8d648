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
    /// The fetch mark stored under `key` (poison-message protection without a row per update).
    func fetchMark(key: String) async throws -> FetchMark?
    /// Finds the handled updates and the suspects among fetched ones, charges the suspects of a dead
    /// process, and moves the fetch mark over the batch when none is a suspect; one write.
    func admit(
        transport: String, updates: [FetchedUpdate], markKey: String, process: String, suspectThrough: Int64?, markThrough: Int64?,
        attemptKind: String, chatKeys: [String: String], now: Date
    ) async throws -> Admission
    /// Forgets `process`'s own fetch mark (a clean shutdown).
    func clearFetchMark(key: String, process: String) async throws
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
