import Foundation
import Postgres

extension Inbox {
    /// Claims the next message a worker may handle: the oldest message of a chat that no worker
    /// holds (this one included: a chat is handled once at a time even within one worker), and only
    /// the oldest pending message of that chat (so a chat's messages run in
    /// order). The chat is leased to `owner` until `markDone`, `release`, or the lease expires
    /// without a heartbeat. Nil when nothing is claimable now.
    ///
    /// The head row is locked with `FOR UPDATE SKIP LOCKED`, so claimers racing for one chat don't
    /// wait for each other; the lease row is only taken when it is free or expired, which decides
    /// races the row lock cannot see (a chat leased between the select and the lock).
    /// With `network`, only that network's messages are claimed (each network has its own handlers).
    public func claimNext(owner: WorkerID, network: String? = nil) async throws -> InboxClaim? {
        if let network { try Self.check(network: network) }
        // A lost lease race is retried at once: it means another worker just took that chat.
        for _ in 0..<4 {
            switch try await attemptClaim(owner: owner, network: network) {
            case .claimed(let claim): return claim
            case .empty: return nil
            case .contended: continue
            }
        }
        return nil
    }

    /// Extends `owner`'s lease on the message's chat by the lease length from now; false when the
    /// lease is no longer `owner`'s (it expired and another worker took the chat).
    public func renewLease(_ message: InboxMessage, owner: WorkerID) async throws -> Bool {
        let expires = clock.now().addingTimeInterval(configuration.leaseSeconds)
        return try await session.execute(
            "UPDATE chat_lease SET expires_at = to_timestamp($3::float8) WHERE chat_key = $1 AND owner = $2",
            [.text(message.chatKey), .text(owner.text), Timestamp.parameter(expires)]) == 1
    }

    /// Records `message` as handled and releases its chat, in one transaction with `work` (e.g. the
    /// replies written to an outbox). Returns false when the lease had already passed to another
    /// worker, which may be handling the same message again.
    @discardableResult
    public func markDone(
        _ message: InboxMessage, owner: WorkerID, with work: (@Sendable (PostgresConnection) throws -> Void)? = nil
    ) async throws -> Bool {
        let now = Timestamp.parameter(clock.now())
        return try await session.transaction { connection in
            try work?(connection)
            try connection.execute(
                "UPDATE inbox SET state = 'done', finished_at = to_timestamp($2::float8) WHERE id = $1 AND state = 'pending'",
                [.int(message.id), now])
            return try connection.execute(
                "DELETE FROM chat_lease WHERE chat_key = $1 AND owner = $2", [.text(message.chatKey), .text(owner.text)]) == 1
        }
    }

    /// Gives a claimed message back unhandled (a graceful shutdown): the claim is not counted as a
    /// crash, and the chat is free for any worker at once.
    public func release(_ message: InboxMessage, owner: WorkerID) async throws {
        try await session.transaction { connection in
            let released = try connection.execute(
                "DELETE FROM chat_lease WHERE chat_key = $1 AND owner = $2", [.text(message.chatKey), .text(owner.text)])
            if released == 1 {
                try connection.execute(
                    "UPDATE inbox SET attempts = greatest(attempts - 1, 0) WHERE id = $1 AND state = 'pending'", [.int(message.id)])
            }
        }
    }

    /// Runs `body` for a claimed message while renewing its lease every `heartbeatSeconds`; when a
    /// renewal finds the lease gone, `body` is cancelled and `ScaleError.leaseLost` thrown.
    public func withLease<T: Sendable>(
        _ message: InboxMessage, owner: WorkerID, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let heartbeat = LeaseHeartbeat(intervalSeconds: configuration.heartbeatSeconds, clock: clock)
        return try await heartbeat.run(what: "chat \(message.chatKey)", renew: { try await renewLease(message, owner: owner) }, body)
    }

    // MARK: - One claim transaction

    private enum Attempt: Sendable {
        case claimed(InboxClaim)
        case empty
        case contended
    }

    private func attemptClaim(owner: WorkerID, network: String?) async throws -> Attempt {
        let now = clock.now()
        let nowParameter = Timestamp.parameter(now)
        let expires = Timestamp.parameter(now.addingTimeInterval(configuration.leaseSeconds))
        let maxAttempts = configuration.maxAttempts
        return try await session.transaction { connection in
            let candidates = try connection.query("""
                SELECT i.id, i.network, i.external_id, i.chat_key, i.payload::text AS payload, i.attempts,
                       extract(epoch FROM i.received_at)::float8 AS received_at
                FROM inbox i
                WHERE i.state = 'pending'
                  AND ($2::text IS NULL OR i.network = $2::text)
                  AND NOT EXISTS (SELECT 1 FROM inbox e WHERE e.chat_key = i.chat_key AND e.state = 'pending' AND e.id < i.id)
                  AND NOT EXISTS (SELECT 1 FROM chat_lease l
                                  WHERE l.chat_key = i.chat_key AND l.expires_at > to_timestamp($1::float8))
                ORDER BY i.id
                LIMIT 1
                FOR UPDATE OF i SKIP LOCKED
                """, [nowParameter, network.map { .text($0) } ?? .null])
            guard let row = candidates.first else { return .empty }
            let id = try row.int("id")
            let chatKey = try row.string("chat_key")
            let leased = try connection.execute("""
                INSERT INTO chat_lease (chat_key, owner, message_id, expires_at) VALUES ($1, $2, $3, to_timestamp($4::float8))
                ON CONFLICT (chat_key) DO UPDATE
                SET owner = EXCLUDED.owner, message_id = EXCLUDED.message_id, expires_at = EXCLUDED.expires_at
                WHERE chat_lease.expires_at <= to_timestamp($5::float8)
                """, [.text(chatKey), .text(owner.text), .int(id), expires, nowParameter])
            guard leased == 1 else { return .contended }
            let previousAttempts = Int(try row.int("attempts"))
            let message = InboxMessage(
                id: id, network: try row.string("network"), externalID: try row.string("external_id"), chatKey: chatKey,
                payload: try row.string("payload"), attempt: previousAttempts + 1, receivedAt: try Timestamp.date(row, "received_at"))
            if previousAttempts >= maxAttempts {
                // Claimed maxAttempts times and never finished: each claim ended in a crash or an
                // expired lease. Set it aside and free the chat for its next message.
                try connection.execute(
                    "UPDATE inbox SET state = 'set_aside', finished_at = to_timestamp($2::float8) WHERE id = $1", [.int(id), nowParameter])
                try connection.execute("DELETE FROM chat_lease WHERE chat_key = $1 AND owner = $2", [.text(chatKey), .text(owner.text)])
                return .claimed(.setAside(InboxMessage(
                    id: id, network: message.network, externalID: message.externalID, chatKey: chatKey,
                    payload: message.payload, attempt: previousAttempts, receivedAt: message.receivedAt)))
            }
            try connection.execute("UPDATE inbox SET attempts = attempts + 1 WHERE id = $1", [.int(id)])
            return .claimed(.handle(message))
        }
    }
}
