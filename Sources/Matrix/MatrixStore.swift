import Foundation
import MatrixCrypto
import Storage

/// What the Matrix worker keeps: its outbox, choice records and attempts (shared with the chat core),
/// the sync position, the handled events, and the device's encryption state. SQLite's `Store` keeps it
/// for one process; on PostgreSQL the elected Matrix worker keeps it where a standby finds it.
public protocol MatrixStore: OutboxStore, TransportCacheStore, AttemptLedger, CryptoRecordStore {
    /// The stored position of `transport` (the sync token, or the filter id under its own key).
    func cursor(transport: String) async throws -> String?
    /// Moves the stored position of `transport`.
    func setCursor(transport: String, value: String, now: Date) async throws
    /// Whether the event was recorded as handled.
    func isProcessed(transport: String, updateID: String) async throws -> Bool
    /// Records one event as handled, moves the position when `cursor` is given and forgets the event's
    /// attempts, in one transaction.
    func recordHandled(transport: String, eventID: String, cursor: String?, attemptKind: String?, now: Date) async throws
}

extension Store: MatrixStore {
    /// `MatrixStore.recordHandled`: the Telegram ledger's transaction with one event and no replies.
    public func recordHandled(transport: String, eventID: String, cursor: String?, attemptKind: String?, now: Date) async throws {
        _ = try await markProcessed(transport: transport, updateIDs: [eventID], cursor: cursor, outbox: [], attemptKind: attemptKind, now: now)
    }
}
