import Foundation
import JSON

/// Messages persisted before they are sent, and the index of the messages they posted.
public protocol OutboxStore: Sendable {
    /// Persists messages in one transaction; a transaction id already stored keeps its row. Returns the rows in order.
    func enqueueOutbox(_ drafts: [OutboxDraft], now: Date) async throws -> [OutboxRecord]
    /// The row with this transaction id, if any.
    func outbox(txnID: String) async throws -> OutboxRecord?
    /// The binary parts stored with a row, in order (none once it is finished).
    func outboxFiles(txnID: String) async throws -> [[UInt8]]
    /// Records that the whole message went out as `remoteIDs`; its files are dropped.
    func markOutboxSent(txnID: String, remoteIDs: [String], now: Date) async throws
    /// The same for a row at hand; `hasFiles` says whether it stored files to drop (a backend may skip a lookup).
    func markOutboxSent(_ record: OutboxRecord, remoteIDs: [String], hasFiles: Bool, now: Date) async throws
    /// The same for several rows, in one transaction where the backend can.
    func markOutboxSent(_ marks: [OutboxSentMark], now: Date) async throws
    /// Records that `stepsDone` API calls of a message are done, having posted `remoteIDs` so far.
    func markOutboxProgress(txnID: String, stepsDone: Int, remoteIDs: [String], now: Date) async throws
    /// Records that the message was given up on; it is not retried.
    func markOutboxFailed(txnID: String, now: Date) async throws
    /// Records that the message no longer mattered (superseded or expired) and was not sent.
    func markOutboxDropped(txnID: String, now: Date) async throws
    /// Pending rows of a transport created at or after `since`, oldest first.
    func pendingOutbox(transport: String, since: Date) async throws -> [OutboxRecord]
    /// The ids and transaction ids of a transport's pending rows, oldest first (cheap: no payloads).
    func pendingOutboxKeys(transport: String) async throws -> [(id: Int64, txnID: String)]
    /// The rows with these ids that are still pending, oldest first.
    func pendingOutbox(ids: [Int64]) async throws -> [OutboxRecord]
    /// The row and position that posted `remoteID` in a chat, if any.
    func outboxMessage(transport: String, chatExternalID: String, remoteID: String) async throws -> (txnID: String, position: Int)?
    /// Removes finished rows created before `cutoff`, and posted-message entries older than it.
    func pruneOutbox(olderThan cutoff: Date) async throws
}

extension OutboxStore {
    /// By default the rows are marked one by one.
    public func markOutboxSent(_ marks: [OutboxSentMark], now: Date) async throws {
        for mark in marks { try await markOutboxSent(mark.record, remoteIDs: mark.remoteIDs, hasFiles: mark.hasFiles, now: now) }
    }

    /// By default the pending rows are read whole (one process never needs these two).
    public func pendingOutboxKeys(transport: String) async throws -> [(id: Int64, txnID: String)] {
        try await pendingOutbox(transport: transport, since: .distantPast).map { ($0.id, $0.txnID) }
    }

    /// By default the pending rows are read whole and filtered.
    public func pendingOutbox(ids: [Int64]) async throws -> [OutboxRecord] {
        let wanted = Set(ids)
        var rows: [OutboxRecord] = []
        for transport in ["telegram", "matrix"] {
            rows += try await pendingOutbox(transport: transport, since: .distantPast).filter { wanted.contains($0.id) }
        }
        return rows.sorted { $0.id < $1.id }
    }

    /// By default the row's transaction id is enough.
    public func markOutboxSent(_ record: OutboxRecord, remoteIDs: [String], hasFiles: Bool, now: Date) async throws {
        try await markOutboxSent(txnID: record.txnID, remoteIDs: remoteIDs, now: now)
    }

    /// Persists one message under `txnID` before it is sent and returns the stored row. When the id
    /// is already known (a retry after a crash or timeout) the existing row is returned unchanged.
    public func enqueueOutbox(transport: String, chatExternalID: String, txnID: String, payload: JSON, now: Date = Date()) async throws -> OutboxRecord {
        let draft = OutboxDraft(txnID: txnID, transport: transport, chatExternalID: chatExternalID, payload: payload)
        guard let record = try await enqueueOutbox([draft], now: now).first else { throw StorageError.notFound("outbox entry \(txnID)") }
        return record
    }

    /// Records that the server accepted the message as `remoteID`.
    public func markOutboxSent(txnID: String, remoteID: String, now: Date = Date()) async throws {
        try await markOutboxSent(txnID: txnID, remoteIDs: [remoteID], now: now)
    }
}
