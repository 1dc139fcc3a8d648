import Foundation
import SQLite

/// One row of Matrix end-to-end encryption state: a kind ("account", "olm_session", …), an id within it, and a value.
public struct MatrixCryptoRecord: Sendable, Hashable {
    /// What the row holds.
    public let kind: String
    /// The id within the kind (e.g. `room|sender key|session id`).
    public let id: String
    /// The row's text (JSON with an Olm pickle inside); nil in a change deletes the row.
    public let value: String?

    /// A row to write, or to delete when `value` is nil.
    public init(kind: String, id: String, value: String?) {
        self.kind = kind
        self.id = id
        self.value = value
    }
}

extension Store {
    /// The value stored under `kind` and `id`, or nil.
    public func matrixCryptoValue(kind: String, id: String) async throws -> String? {
        try await database.run { db in
            try db.first("SELECT value FROM matrix_crypto WHERE kind = ? AND id = ?", [kind, id])?.string("value")
        }
    }

    /// Every row of `kind` whose id starts with `prefix`, ordered by id.
    public func matrixCryptoRecords(kind: String, prefix: String = "") async throws -> [MatrixCryptoRecord] {
        try await database.run { db in
            try db.query("SELECT id, value FROM matrix_crypto WHERE kind = ? AND substr(id, 1, length(?)) = ? ORDER BY id", [kind, prefix, prefix])
                .map { MatrixCryptoRecord(kind: kind, id: $0.string("id") ?? "", value: $0.string("value")) }
        }
    }

    /// Writes and deletes rows in one transaction, so related state (an account and the session made from it) changes together.
    public func saveMatrixCrypto(_ changes: [MatrixCryptoRecord], now: Date = Date()) async throws {
        guard !changes.isEmpty else { return }
        try await database.write { db in
            for change in changes {
                if let value = change.value {
                    try db.query(
                        """
                        INSERT INTO matrix_crypto (kind, id, value, updated_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT (kind, id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                        """, [change.kind, change.id, value, Store.timestamp(now)])
                } else {
                    try db.query("DELETE FROM matrix_crypto WHERE kind = ? AND id = ?", [change.kind, change.id])
                }
            }
        }
    }
}
