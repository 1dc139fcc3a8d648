import Foundation
import JSON
import Postgres
import Storage

// The outbox on PostgreSQL, as `Storage.Store` keeps it on SQLite. Posted message ids are a JSON
// array of strings (SQLite joins them with commas).
extension PostgresStore {
    /// The channel notified when outbox rows are written, so the elected sender picks them up.
    // A literal that passes PostgresChannel's check.
    public static let outboxChannel = try! PostgresChannel("wardrobe_outbox")

    /// `OutboxStore.enqueueOutbox`: see there.
    public func enqueueOutbox(_ drafts: [OutboxDraft], now: Date) async throws -> [OutboxRecord] {
        guard !drafts.isEmpty else { return [] }
        return try await session.transaction { connection in
            let rows = try Self.insertOutbox(connection, drafts, now: now)
            // Wakes the elected sender of a shared inbox (delivered at commit; nobody listens on one process).
            try connection.query("SELECT pg_notify($1, 'outbox')", [.text(Self.outboxChannel.name)])
            return rows
        }
    }

    /// Writes outbox rows on `connection`, inside the caller's transaction (the shared inbox records an
    /// update and its replies together); a transaction id already stored keeps its row.
    static func insertOutbox(_ connection: PostgresConnection, _ drafts: [OutboxDraft], now: Date) throws -> [OutboxRecord] {
        var records: [OutboxRecord] = []
        for draft in drafts {
            // A transaction id already stored keeps its row; a worker racing on another session
            // waits here for the first insert to commit, then finds its row below.
            let inserted = try connection.execute("""
                INSERT INTO outbox (transport, chat_external_id, chat_kind, txn_id, payload, created_at, expires_at)
                VALUES ($1, $2, $3, $4, $5, to_timestamp($6::float8), to_timestamp($7::float8))
                ON CONFLICT (txn_id) DO NOTHING
                """, [.text(draft.transport), .text(draft.chatExternalID), .text(draft.chatKind), .text(draft.txnID),
                      .text(draft.payload.serialized()), Timestamp.parameter(now), draft.expiresAt.map(Timestamp.parameter) ?? .null])
            if inserted > 0 {
                for (position, bytes) in draft.files.enumerated() {
                    try connection.execute(
                        "INSERT INTO outbox_file (txn_id, position, bytes) VALUES ($1, $2, $3)", [.text(draft.txnID), .int(position), .bytes(bytes)])
                }
            }
            guard let row = try connection.query("SELECT \(Self.outboxColumns) FROM outbox WHERE txn_id = $1", [.text(draft.txnID)]).first else {
                throw StorageError.notFound("outbox entry \(draft.txnID)")
            }
            records.append(try Self.outbox(from: row))
        }
        return records
    }

    /// `OutboxStore.outbox`: see there.
    public func outbox(txnID: String) async throws -> OutboxRecord? {
        try await session.query("SELECT \(Self.outboxColumns) FROM outbox WHERE txn_id = $1", [.text(txnID)]).first.map(Self.outbox(from:))
    }

    /// `OutboxStore.outboxFiles`: see there.
    public func outboxFiles(txnID: String) async throws -> [[UInt8]] {
        try await session.query("SELECT bytes FROM outbox_file WHERE txn_id = $1 ORDER BY position", [.text(txnID)]).map { try $0.bytes("bytes") }
    }

    /// `OutboxStore.markOutboxSent`: see there.
    public func markOutboxSent(txnID: String, remoteIDs: [String], now: Date) async throws {
        try await session.transaction { connection in
            try Self.recordPosted(connection, txnID: txnID, remoteIDs: remoteIDs, now: now)
            try connection.execute(
                "UPDATE outbox SET state = 'sent', remote_ids = $2, finished_at = to_timestamp($3::float8) WHERE txn_id = $1",
                [.text(txnID), .text(Self.serialized(remoteIDs)), Timestamp.parameter(now)])
            try connection.execute("DELETE FROM outbox_file WHERE txn_id = $1", [.text(txnID)])
        }
    }

    /// `OutboxStore.markOutboxProgress`: see there.
    public func markOutboxProgress(txnID: String, stepsDone: Int, remoteIDs: [String], now: Date) async throws {
        try await session.transaction { connection in
            try Self.recordPosted(connection, txnID: txnID, remoteIDs: remoteIDs, now: now)
            try connection.execute(
                "UPDATE outbox SET steps_done = $2, remote_ids = $3 WHERE txn_id = $1",
                [.text(txnID), .int(stepsDone), .text(Self.serialized(remoteIDs))])
        }
    }

    /// `OutboxStore.markOutboxFailed`: see there.
    public func markOutboxFailed(txnID: String, now: Date) async throws {
        try await finish(txnID: txnID, state: "failed", now: now)
    }

    /// `OutboxStore.markOutboxDropped`: see there.
    public func markOutboxDropped(txnID: String, now: Date) async throws {
        try await finish(txnID: txnID, state: "dropped", now: now)
    }

    /// `OutboxStore.pendingOutbox`: see there.
    public func pendingOutbox(transport: String, since: Date) async throws -> [OutboxRecord] {
        try await session.query("""
            SELECT \(Self.outboxColumns) FROM outbox
            WHERE transport = $1 AND state = 'pending' AND created_at >= to_timestamp($2::float8) ORDER BY id
            """, [.text(transport), Timestamp.parameter(since)]).map(Self.outbox(from:))
    }

    /// `OutboxStore.pendingOutboxKeys`: see there.
    public func pendingOutboxKeys(transport: String) async throws -> [(id: Int64, txnID: String)] {
        try await session.query(
            "SELECT id, txn_id FROM outbox WHERE transport = $1 AND state = 'pending' ORDER BY id", [.text(transport)]
        ).map { (try $0.int("id"), try $0.string("txn_id")) }
    }

    /// `OutboxStore.pendingOutbox(ids:)`: see there.
    public func pendingOutbox(ids: [Int64]) async throws -> [OutboxRecord] {
        guard !ids.isEmpty else { return [] }
        // Ids are numbers, so the array literal needs no escaping.
        let list = "{" + ids.map(String.init).joined(separator: ",") + "}"
        return try await session.query("""
            SELECT \(Self.outboxColumns) FROM outbox WHERE id = ANY($1::bigint[]) AND state = 'pending' ORDER BY id
            """, [.text(list)]).map(Self.outbox(from:))
    }

    /// `OutboxStore.outboxMessage`: see there.
    public func outboxMessage(transport: String, chatExternalID: String, remoteID: String) async throws -> (txnID: String, position: Int)? {
        let rows = try await session.query(
            "SELECT txn_id, position FROM sent_message WHERE transport = $1 AND chat_external_id = $2 AND remote_id = $3",
            [.text(transport), .text(chatExternalID), .text(remoteID)])
        guard let row = rows.first else { return nil }
        return (try row.string("txn_id"), Int(try row.int("position")))
    }

    /// `OutboxStore.pruneOutbox`: see there.
    public func pruneOutbox(olderThan cutoff: Date) async throws {
        try await session.transaction { connection in
            try connection.execute("DELETE FROM outbox WHERE state <> 'pending' AND created_at < to_timestamp($1::float8)", [Timestamp.parameter(cutoff)])
            try connection.execute("DELETE FROM sent_message WHERE created_at < to_timestamp($1::float8)", [Timestamp.parameter(cutoff)])
        }
    }

    private func finish(txnID: String, state: String, now: Date) async throws {
        try await session.transaction { connection in
            try connection.execute(
                "UPDATE outbox SET state = $2, finished_at = to_timestamp($3::float8) WHERE txn_id = $1",
                [.text(txnID), .text(state), Timestamp.parameter(now)])
            try connection.execute("DELETE FROM outbox_file WHERE txn_id = $1", [.text(txnID)])
        }
    }

    private static func recordPosted(_ connection: PostgresConnection, txnID: String, remoteIDs: [String], now: Date) throws {
        guard !remoteIDs.isEmpty,
            let row = try connection.query("SELECT transport, chat_external_id FROM outbox WHERE txn_id = $1", [.text(txnID)]).first
        else { return }
        let transport = try row.string("transport"), chat = try row.string("chat_external_id")
        for (position, remote) in remoteIDs.enumerated() where !remote.isEmpty {
            try connection.execute("""
                INSERT INTO sent_message (transport, chat_external_id, remote_id, txn_id, position, created_at)
                VALUES ($1, $2, $3, $4, $5, to_timestamp($6::float8))
                ON CONFLICT (transport, chat_external_id, remote_id)
                DO UPDATE SET txn_id = EXCLUDED.txn_id, position = EXCLUDED.position, created_at = EXCLUDED.created_at
                """, [.text(transport), .text(chat), .text(remote), .text(txnID), .int(position), Timestamp.parameter(now)])
        }
    }

    static let outboxColumns = """
        id, transport, chat_external_id, chat_kind, txn_id, payload, state, remote_ids, steps_done,
        extract(epoch FROM expires_at)::float8 AS expires_at, extract(epoch FROM created_at)::float8 AS created_at
        """

    private static func serialized(_ remoteIDs: [String]) -> String {
        JSON.array(remoteIDs.map { .string($0) }).serialized()
    }

    static func outbox(from row: PostgresRow) throws -> OutboxRecord {
        guard let remoteIDs = try JSON.parse(try row.string("remote_ids")).array?.compactMap(\.string) else {
            throw StorageError.corrupt("outbox row's remote_ids is not an array")
        }
        return OutboxRecord(
            id: try row.int("id"), transport: try row.string("transport"), chatExternalID: try row.string("chat_external_id"),
            chatKind: try row.string("chat_kind"), txnID: try row.string("txn_id"), payload: try JSON.parse(try row.string("payload")),
            state: try row.string("state"), remoteIDs: remoteIDs, stepsDone: Int(try row.int("steps_done")),
            expiresAt: try row.isNull("expires_at") ? nil : try Timestamp.date(row, "expires_at"), createdAt: try Timestamp.date(row, "created_at"))
    }
}
