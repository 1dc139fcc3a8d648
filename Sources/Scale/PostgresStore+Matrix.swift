import Foundation
import Postgres
import Storage

// The Matrix worker's own state on PostgreSQL, as `Storage.Store` keeps it on SQLite: the sync
// position, the events already handled, and the end-to-end encryption rows. Only the elected Matrix
// worker writes them; a standby that takes over reads them back.
extension PostgresStore {
    /// The stored position of `transport` (Matrix: the `since` token, or the filter id under its own key).
    public func cursor(transport: String) async throws -> String? {
        try await session.query("SELECT value FROM transport_cursor WHERE transport = $1", [.text(transport)]).first?.string("value")
    }

    /// Moves the stored position of `transport`.
    public func setCursor(transport: String, value: String, now: Date) async throws {
        try await session.execute(Self.saveCursorSQL, [.text(transport), .text(value), Timestamp.parameter(now)])
    }

    /// Whether `eventID` of `transport` was recorded as handled.
    public func isProcessed(transport: String, updateID eventID: String) async throws -> Bool {
        try await !session.query(
            "SELECT 1 AS hit FROM handled_event WHERE transport = $1 AND event_id = $2", [.text(transport), .text(eventID)]
        ).isEmpty
    }

    /// Records one event as handled, moves the position when `cursor` is given and forgets the
    /// event's attempts (`attemptKind`), in one transaction.
    public func recordHandled(transport: String, eventID: String, cursor: String?, attemptKind: String?, now: Date) async throws {
        try await session.transaction { connection in
            try connection.execute("""
                INSERT INTO handled_event (transport, event_id, handled_at) VALUES ($1, $2, to_timestamp($3::float8))
                ON CONFLICT DO NOTHING
                """, [.text(transport), .text(eventID), Timestamp.parameter(now)])
            if let cursor { try connection.execute(Self.saveCursorSQL, [.text(transport), .text(cursor), Timestamp.parameter(now)]) }
            if let attemptKind {
                try connection.execute(
                    "DELETE FROM attempt WHERE kind = $1 AND item_id = $2 AND state = 'running'", [.text(attemptKind), .text(eventID)])
            }
        }
    }

    /// Forgets handled events older than `cutoff`; the stored position keeps them from coming back.
    public func pruneHandledEvents(olderThan cutoff: Date) async throws {
        try await session.execute("DELETE FROM handled_event WHERE handled_at < to_timestamp($1::float8)", [Timestamp.parameter(cutoff)])
    }

    /// `CryptoRecordStore.matrixCryptoValue`: the row of `kind` and `id`, or nil.
    public func matrixCryptoValue(kind: String, id: String) async throws -> String? {
        try await session.query("SELECT value FROM matrix_crypto WHERE kind = $1 AND id = $2", [.text(kind), .text(id)]).first?.string("value")
    }

    /// `CryptoRecordStore.matrixCryptoRecords`: every row of `kind` whose id starts with `prefix`, by id.
    public func matrixCryptoRecords(kind: String, prefix: String) async throws -> [MatrixCryptoRecord] {
        // starts_with, not LIKE: ids hold room ids and keys, whose characters LIKE would read as patterns.
        try await session.query(
            "SELECT id, value FROM matrix_crypto WHERE kind = $1 AND starts_with(id, $2) ORDER BY id COLLATE \"C\"", [.text(kind), .text(prefix)]
        ).map { MatrixCryptoRecord(kind: kind, id: try $0.string("id"), value: try $0.string("value")) }
    }

    /// `CryptoRecordStore.saveMatrixCrypto`: writes (value) and deletes (nil) rows in one transaction.
    public func saveMatrixCrypto(_ changes: [MatrixCryptoRecord], now: Date) async throws {
        guard !changes.isEmpty else { return }
        try await session.transaction { connection in
            for change in changes {
                if let value = change.value {
                    try connection.execute("""
                        INSERT INTO matrix_crypto (kind, id, value, updated_at) VALUES ($1, $2, $3, to_timestamp($4::float8))
                        ON CONFLICT (kind, id) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
                        """, [.text(change.kind), .text(change.id), .text(value), Timestamp.parameter(now)])
                } else {
                    try connection.execute("DELETE FROM matrix_crypto WHERE kind = $1 AND id = $2", [.text(change.kind), .text(change.id)])
                }
            }
        }
    }

    private static let saveCursorSQL = """
        INSERT INTO transport_cursor (transport, value, updated_at) VALUES ($1, $2, to_timestamp($3::float8))
        ON CONFLICT (transport) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
        """
}
