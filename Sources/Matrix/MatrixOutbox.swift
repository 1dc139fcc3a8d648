import Foundation
import JSON
import Storage
import Support

/// Sends room events through the `outbox` table: the transaction id is persisted before the request,
/// so a retry after a timeout or a crash reuses it and the homeserver deduplicates.
public struct MatrixOutbox: Sendable {
    /// The transport name in the outbox table.
    static let transport = "matrix"
    let client: MatrixClient
    let store: any MatrixStore
    let attribution: SendAttribution
    let retrying: Retrying
    let clock: any WallClock
    let logger: Logger
    /// Encrypts events for encrypted rooms; nil sends everything in the clear.
    let encryptor: RoomEncryptor?

    /// An outbox over `client` and `store`.
    public init(
        client: MatrixClient, store: any MatrixStore, attribution: SendAttribution, configuration: MatrixConfiguration, clock: any WallClock, logger: Logger,
        encryptor: RoomEncryptor? = nil
    ) {
        self.encryptor = encryptor
        self.client = client
        self.store = store
        self.attribution = attribution
        self.retrying = Retrying(attempts: configuration.sendAttempts, backoff: configuration.backoff, clock: clock)
        self.clock = clock
        self.logger = logger
    }

    /// A transaction id for the next send to `roomID`: from `names` when given (a shared-inbox event's
    /// reply), else tied to the event being handled there, else random.
    func transactionID(room roomID: String, names: TransactionNames? = nil) async -> String {
        if let names { return await names.take() }
        if let attributed = await attribution.nextTransactionID(room: roomID) { return attributed }
        return "mx-\(UUID().uuidString.lowercased())"
    }

    /// The event id already recorded for `txnID`, when an earlier attempt (before a crash) went through.
    func alreadySent(_ txnID: String) async throws -> String? {
        guard let record = try await store.outbox(txnID: txnID), record.state == "sent" else { return nil }
        return record.remoteID
    }

    /// Sends `content` as a `type` event to `roomID` under `txnID`; returns the event id.
    func send(type: String, content: JSON, room roomID: String, txnID: String) async throws -> String {
        // A row stored before a crash is sent as it is: the same ciphertext under the same txnId.
        if let stored = try await store.outbox(txnID: txnID) {
            if stored.state == "sent", let remote = stored.remoteID { return remote }
            return try await deliver(stored)
        }
        var payload: JSON = ["type": .string(type), "content": content]
        if let encryptor, try await encryptor.isEncrypted(roomID) {
            payload = ["type": "m.room.encrypted", "content": try await encryptor.encrypt(roomID: roomID, type: type, content: content)]
        }
        let record = try await store.enqueueOutbox(
            transport: MatrixOutbox.transport, chatExternalID: roomID, txnID: txnID, payload: payload, now: clock.now())
        if record.state == "sent", let remote = record.remoteID { return remote }
        return try await deliver(record)
    }

    /// Redacts `eventID` in `roomID` under a persisted transaction id.
    func redact(eventID: String, room roomID: String, names: TransactionNames? = nil) async throws {
        let txnID = await transactionID(room: roomID, names: names)
        let payload: JSON = ["redacts": .string(eventID)]
        let record = try await store.enqueueOutbox(
            transport: MatrixOutbox.transport, chatExternalID: roomID, txnID: txnID, payload: payload, now: clock.now())
        if record.state == "sent" { return }
        _ = try await deliver(record)
    }

    /// Sends a stored row, with retries that all reuse its transaction id.
    func deliver(_ record: OutboxRecord) async throws -> String {
        let client = self.client
        do {
            let remoteID = try await retrying.run {
                if let redacts = record.payload["redacts"]?.string {
                    return try await client.redact(roomID: record.chatExternalID, eventID: redacts, txnID: record.txnID)
                }
                return try await client.sendEvent(
                    roomID: record.chatExternalID, type: record.payload["type"]?.string ?? "m.room.message", txnID: record.txnID,
                    content: record.payload["content"] ?? [:])
            }
            try await store.markOutboxSent(txnID: record.txnID, remoteID: remoteID, now: clock.now())
            return remoteID
        } catch let error as MatrixError where !error.isRetryable {
            try? await store.markOutboxFailed(txnID: record.txnID, now: clock.now())
            logger.warning("message given up", ["room": record.chatExternalID, "txn": record.txnID, "error": error])
            throw error
        }
    }

    /// Sends what was persisted but not confirmed before a crash (younger than `maxAge` seconds).
    func resendPending(maxAge: Double = 600) async {
        do {
            let pending = try await store.pendingOutbox(transport: MatrixOutbox.transport, since: clock.now().addingTimeInterval(-maxAge))
            for record in pending {
                do {
                    _ = try await deliver(record)
                    logger.notice("resent pending message", ["room": record.chatExternalID, "txn": record.txnID])
                } catch {
                    logger.warning("pending message not resent", ["txn": record.txnID, "error": "\(error)"])
                }
            }
        } catch {
            logger.error("cannot read the outbox", ["error": "\(error)"])
        }
    }
}
