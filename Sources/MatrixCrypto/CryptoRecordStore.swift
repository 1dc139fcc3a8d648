import Foundation
import Storage

/// Where the encryption state rests: rows of kind + id → text, written in transactions.
public protocol CryptoRecordStore: Sendable {
    /// The value of one row, or nil.
    func matrixCryptoValue(kind: String, id: String) async throws -> String?
    /// Every row of `kind` whose id starts with `prefix`.
    func matrixCryptoRecords(kind: String, prefix: String) async throws -> [MatrixCryptoRecord]
    /// Writes (value) and deletes (nil) rows in one transaction.
    func saveMatrixCrypto(_ changes: [MatrixCryptoRecord], now: Date) async throws
}

extension Store: CryptoRecordStore {}
