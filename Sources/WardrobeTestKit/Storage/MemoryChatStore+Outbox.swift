import Foundation
import JSON
import Storage

// The outbox in memory.
extension MemoryChatStore {
    /// `OutboxStore.enqueueOutbox`: see there.
    public func enqueueOutbox(_ drafts: [OutboxDraft], now: Date) async throws -> [OutboxRecord] {
        tables.withLock { tables in
            drafts.map { draft in
                if let existing = tables.outbox.first(where: { $0.txnID == draft.txnID }) { return existing }
                let record = OutboxRecord(
                    id: (tables.outbox.last?.id ?? 0) + 1, transport: draft.transport, chatExternalID: draft.chatExternalID,
                    chatKind: draft.chatKind, txnID: draft.txnID, payload: draft.payload, state: "pending", remoteIDs: [], stepsDone: 0,
                    expiresAt: draft.expiresAt, createdAt: now)
                tables.outbox.append(record)
                if !draft.files.isEmpty { tables.files[draft.txnID] = draft.files }
                return record
            }
        }
    }

    /// `OutboxStore.outbox`: see there.
    public func outbox(txnID: String) async throws -> OutboxRecord? {
        tables.withLock { $0.outbox.first { $0.txnID == txnID } }
    }

    /// `OutboxStore.outboxFiles`: see there.
    public func outboxFiles(txnID: String) async throws -> [[UInt8]] {
        tables.withLock { $0.files[txnID] ?? [] }
    }

    /// `OutboxStore.markOutboxSent`: see there.
    public func markOutboxSent(txnID: String, remoteIDs: [String], now: Date) async throws {
        tables.withLock { tables in
            Self.recordPosted(&tables, txnID: txnID, remoteIDs: remoteIDs, now: now)
            Self.update(&tables, txnID: txnID) { Self.copy($0, state: "sent", remoteIDs: remoteIDs) }
            tables.files[txnID] = nil
        }
    }

    /// `OutboxStore.markOutboxProgress`: see there.
    public func markOutboxProgress(txnID: String, stepsDone: Int, remoteIDs: [String], now: Date) async throws {
        tables.withLock { tables in
            Self.recordPosted(&tables, txnID: txnID, remoteIDs: remoteIDs, now: now)
            Self.update(&tables, txnID: txnID) { Self.copy($0, remoteIDs: remoteIDs, stepsDone: stepsDone) }
        }
    }

    /// `OutboxStore.markOutboxFailed`: see there.
    public func markOutboxFailed(txnID: String, now: Date) async throws {
        tables.withLock { tables in
            Self.update(&tables, txnID: txnID) { Self.copy($0, state: "failed") }
            tables.files[txnID] = nil
        }
    }

    /// `OutboxStore.markOutboxDropped`: see there.
    public func markOutboxDropped(txnID: String, now: Date) async throws {
        tables.withLock { tables in
            Self.update(&tables, txnID: txnID) { Self.copy($0, state: "dropped") }
            tables.files[txnID] = nil
        }
    }

    /// `OutboxStore.pendingOutbox`: see there.
    public func pendingOutbox(transport: String, since: Date) async throws -> [OutboxRecord] {
        tables.withLock { $0.outbox.filter { $0.transport == transport && $0.state == "pending" && $0.createdAt >= since } }
    }

    /// `OutboxStore.outboxMessage`: see there.
    public func outboxMessage(transport: String, chatExternalID: String, remoteID: String) async throws -> (txnID: String, position: Int)? {
        tables.withLock { $0.sent[Self.sentKey(transport, chatExternalID, remoteID)] }.map { ($0.txnID, $0.position) }
    }

    /// `OutboxStore.pruneOutbox`: see there.
    public func pruneOutbox(olderThan cutoff: Date) async throws {
        tables.withLock { tables in
            tables.outbox.removeAll { $0.state != "pending" && $0.createdAt < cutoff }
            tables.sent = tables.sent.filter { $0.value.created >= cutoff }
        }
    }

    static func sentKey(_ transport: String, _ chat: String, _ remote: String) -> String {
        // The unit separator cannot appear in a transport name, a chat id or a message id.
        "\(transport)\u{1F}\(chat)\u{1F}\(remote)"
    }

    static func recordPosted(_ tables: inout Tables, txnID: String, remoteIDs: [String], now: Date) {
        guard let row = tables.outbox.first(where: { $0.txnID == txnID }) else { return }
        for (position, remote) in remoteIDs.enumerated() where !remote.isEmpty {
            tables.sent[sentKey(row.transport, row.chatExternalID, remote)] = (txnID, position, now)
        }
    }

    static func update(_ tables: inout Tables, txnID: String, _ change: (OutboxRecord) -> OutboxRecord) {
        if let index = tables.outbox.firstIndex(where: { $0.txnID == txnID }) { tables.outbox[index] = change(tables.outbox[index]) }
    }

    static func copy(_ row: OutboxRecord, state: String? = nil, remoteIDs: [String]? = nil, stepsDone: Int? = nil) -> OutboxRecord {
        OutboxRecord(
            id: row.id, transport: row.transport, chatExternalID: row.chatExternalID, chatKind: row.chatKind, txnID: row.txnID,
            payload: row.payload, state: state ?? row.state, remoteIDs: remoteIDs ?? row.remoteIDs, stepsDone: stepsDone ?? row.stepsDone,
            expiresAt: row.expiresAt, createdAt: row.createdAt)
    }
}
