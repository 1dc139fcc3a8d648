import Foundation
import Postgres
import Storage
import Support
import Synchronization

/// `Storage.SharedInbox` on PostgreSQL: the `Inbox` with per-chat leases, `LeaderElection` for the
/// roles only one worker may hold, and LISTEN/NOTIFY so idle workers wake when anything arrives.
public final class PostgresSharedInbox: SharedInbox {
    /// The channel `complete` notifies when it wrote replies, so the elected sender picks them up.
    public static let repliesChannel = PostgresStore.outboxChannel

    /// The inbox this worker claims from.
    public let inbox: Inbox
    /// The name this worker writes into its leases.
    public let worker: WorkerID
    private let conninfo: String
    private let election: LeaderElection.Configuration
    private let logger: Logger
    private let updates: Listener
    private let replies: Listener

    /// A worker's view of the shared inbox; `conninfo` opens the election and listening sessions.
    public init(
        inbox: Inbox, worker: WorkerID, conninfo: String, election: LeaderElection.Configuration = LeaderElection.Configuration(),
        logger: Logger
    ) {
        self.inbox = inbox
        self.worker = worker
        self.conninfo = conninfo
        self.election = election
        self.logger = logger
        updates = Listener(channel: Inbox.channel, conninfo: conninfo, clock: inbox.clock, logger: logger)
        replies = Listener(channel: Self.repliesChannel, conninfo: conninfo, clock: inbox.clock, logger: logger)
    }

    public func enqueue(_ entries: [SharedInboxEntry], network: String, cursor: String) async throws -> Int {
        var rows: [InboxEntry] = []
        for entry in entries {
            // jsonb refuses the \u0000 escape a user's text may carry; the update keeps its meaning with U+FFFD.
            let payload = entry.payload.replacingOccurrences(of: "\\u0000", with: "\\ufffd")
            do {
                rows.append(try InboxEntry(externalID: entry.externalID, chatKey: entry.chatKey, payload: payload))
            } catch {
                // One update that cannot be stored must not hold up the ones after it (the offset moves past it).
                logger.error("update dropped: it cannot be stored in the shared inbox", ["update": entry.externalID, "error": "\(error)"])
            }
        }
        return try await inbox.enqueue(rows, network: network, cursor: cursor)
    }

    public func cursor(network: String) async throws -> String? { try await inbox.cursor(network: network) }

    public func claim(network: String?) async throws -> SharedInboxClaim? {
        guard let claim = try await inbox.claimNext(owner: worker, network: network) else { return nil }
        let message = claim.message
        let setAside: Bool
        switch claim {
        case .handle: setAside = false
        case .setAside: setAside = true
        }
        return SharedInboxClaim(
            id: message.id, externalID: message.externalID, chatKey: message.chatKey, payload: message.payload, setAside: setAside)
    }

    public func contains(network: String, externalID: String) async throws -> Bool {
        try await inbox.contains(network: network, externalID: externalID)
    }

    public func complete(_ claim: SharedInboxClaim, outbox: [OutboxDraft], attemptKind: String?, now: Date) async throws -> [OutboxRecord] {
        let owner = worker.text
        let nowParameter = Timestamp.parameter(now)
        // A deadlock with another worker's claim is rolled back by the server and retried here.
        for attempt in 1...3 {
            do {
                return try await record(claim, outbox: outbox, attemptKind: attemptKind, owner: owner, now: nowParameter, rawNow: now)
            } catch let error as PostgresError where error.isRetryable && attempt < 3 {
                continue
            }
        }
        throw ScaleError.leaseLost("update \(claim.externalID): gave up after repeated deadlocks")
    }

    public func recordAlbumPart(_ claim: SharedInboxClaim, attemptKind: String?, now: Date) async throws {
        for attempt in 1...3 {
            do {
                _ = try await record(
                    claim, outbox: [], attemptKind: attemptKind, owner: worker.text, now: Timestamp.parameter(now), rawNow: now, keepChat: true)
                return
            } catch let error as PostgresError where error.isRetryable && attempt < 3 {
                continue
            }
        }
        throw ScaleError.leaseLost("update \(claim.externalID): gave up after repeated deadlocks")
    }

    public func claimAlbumPart(chatKey: String, mediaGroupID: String) async throws -> SharedInboxClaim? {
        let owner = worker.text
        let now = inbox.clock.now()
        let expires = Timestamp.parameter(now.addingTimeInterval(inbox.configuration.leaseSeconds))
        let maxAttempts = inbox.configuration.maxAttempts
        return try await inbox.session.transaction { connection in
            // The same lock order as a claim: the inbox row, then the chat's lease.
            let rows = try connection.query("""
                SELECT id, external_id, payload::text AS payload, attempts, payload -> 'message' ->> 'media_group_id' AS media_group
                FROM inbox WHERE chat_key = $1 AND state = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                """, [.text(chatKey)])
            guard let row = rows.first, try row.optionalString("media_group") == mediaGroupID else { return nil }
            let id = try row.int("id")
            let kept = try connection.execute(
                "UPDATE chat_lease SET message_id = $3, expires_at = to_timestamp($4::float8) WHERE chat_key = $1 AND owner = $2",
                [.text(chatKey), .text(owner), .int(id), expires])
            guard kept == 1 else { return nil }
            let setAside = try row.int("attempts") >= Int64(maxAttempts)
            try connection.execute(
                setAside ? "UPDATE inbox SET state = 'set_aside', finished_at = now() WHERE id = $1" : "UPDATE inbox SET attempts = attempts + 1 WHERE id = $1",
                [.int(id)])
            return SharedInboxClaim(
                id: id, externalID: try row.string("external_id"), chatKey: chatKey, payload: try row.string("payload"), setAside: setAside)
        }
    }

    public func releaseChat(_ chatKey: String) async throws {
        let owner = worker.text
        try await inbox.session.transaction { connection in
            try connection.execute("DELETE FROM chat_lease WHERE chat_key = $1 AND owner = $2", [.text(chatKey), .text(owner)])
            let more = try connection.query("SELECT 1 FROM inbox WHERE chat_key = $1 AND state = 'pending' LIMIT 1", [.text(chatKey)])
            if !more.isEmpty { try connection.query("SELECT pg_notify($1, 'freed')", [.text(Inbox.channel.name)]) }
        }
    }

    private func record(
        _ claim: SharedInboxClaim, outbox: [OutboxDraft], attemptKind: String?, owner: String, now nowParameter: PostgresValue, rawNow now: Date,
        keepChat: Bool = false
    ) async throws -> [OutboxRecord] {
        let keptUntil = Timestamp.parameter(now.addingTimeInterval(inbox.configuration.leaseSeconds))
        return try await inbox.session.transaction { connection in
            // Locked in the order a claim locks them (the inbox row, then the chat's lease), so a
            // claim and a completion never wait for each other in a circle.
            let state = try connection.query("SELECT state FROM inbox WHERE id = $1 FOR UPDATE", [.int(claim.id)])
            guard try state.first?.string("state") == "pending" else { throw ScaleError.leaseLost("update \(claim.externalID) was finished elsewhere") }
            // If another worker took the chat after our lease expired, it may be handling this update
            // again, and our replies must not be written as well.
            let lease = try connection.query("SELECT owner FROM chat_lease WHERE chat_key = $1 FOR UPDATE", [.text(claim.chatKey)])
            if let holder = try lease.first?.string("owner"), holder != owner { throw ScaleError.leaseLost("chat \(claim.chatKey)") }
            let rows = try PostgresStore.insertOutbox(connection, outbox, now: now)
            if let attemptKind {
                try connection.execute(
                    "DELETE FROM attempt WHERE kind = $1 AND item_id = $2 AND state = 'running'", [.text(attemptKind), .text(claim.externalID)])
            }
            try connection.execute(
                "UPDATE inbox SET state = 'done', finished_at = to_timestamp($2::float8) WHERE id = $1", [.int(claim.id), nowParameter])
            if keepChat {
                // An album part: the chat stays this worker's for the album's next parts.
                try connection.execute(
                    "UPDATE chat_lease SET expires_at = to_timestamp($3::float8) WHERE chat_key = $1 AND owner = $2",
                    [.text(claim.chatKey), .text(owner), keptUntil])
                return rows
            }
            try connection.execute("DELETE FROM chat_lease WHERE chat_key = $1 AND owner = $2", [.text(claim.chatKey), .text(owner)])
            if !rows.isEmpty { try connection.query("SELECT pg_notify($1, 'telegram')", [.text(Self.repliesChannel.name)]) }
            // The chat's next update, if any, is claimable now; only then wake the other workers for it.
            let more = try connection.query(
                "SELECT 1 FROM inbox WHERE chat_key = $1 AND state = 'pending' LIMIT 1", [.text(claim.chatKey)])
            if !more.isEmpty { try connection.query("SELECT pg_notify($1, 'freed')", [.text(Inbox.channel.name)]) }
            return rows
        }
    }

    public func release(_ claim: SharedInboxClaim) async throws {
        try await inbox.release(Self.message(claim), owner: worker)
    }

    public func renew(_ claims: [SharedInboxClaim]) async throws -> [SharedInboxClaim] {
        var lost: [SharedInboxClaim] = []
        for claim in claims where try await !inbox.renewLease(Self.message(claim), owner: worker) { lost.append(claim) }
        return lost
    }

    /// Deletes handled updates finished before `cutoff`, and the attempt records of the poison-message
    /// protection last touched before it (any worker may run this; the deletes are idempotent).
    public func prune(olderThan cutoff: Date) async throws {
        let parameter = Timestamp.parameter(cutoff)
        try await inbox.session.transaction { connection in
            try connection.execute("DELETE FROM inbox WHERE state = 'done' AND finished_at < to_timestamp($1::float8)", [parameter])
            try connection.execute("DELETE FROM attempt WHERE last_at < to_timestamp($1::float8)", [parameter])
        }
    }

    public func waitForNews(seconds: Double) async { await updates.wait(seconds: seconds) }

    public func waitForReplies(seconds: Double) async { await replies.wait(seconds: seconds) }

    public func lead(_ role: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await LeaderElection(name: role, conninfo: conninfo, configuration: election, clock: inbox.clock, logger: logger).run(lead: body)
    }

    /// Closes the listening sessions.
    public func close() async {
        await updates.close()
        await replies.close()
    }

    private static func message(_ claim: SharedInboxClaim) -> InboxMessage {
        InboxMessage(
            id: claim.id, network: "", externalID: claim.externalID, chatKey: claim.chatKey, payload: claim.payload, attempt: 1,
            receivedAt: Date(timeIntervalSince1970: 0))
    }
}

/// One LISTEN session for one channel, opened on first use and again after it broke. Waits end at
/// the first notification or the timeout; a broken session only turns the wait into a plain sleep.
private final class Listener: Sendable {
    let channel: PostgresChannel
    let conninfo: String
    let clock: any WallClock
    let logger: Logger
    private let session = Mutex<PostgresSession?>(nil)

    init(channel: PostgresChannel, conninfo: String, clock: any WallClock, logger: Logger) {
        self.channel = channel
        self.conninfo = conninfo
        self.clock = clock
        self.logger = logger
    }

    func wait(seconds: Double) async {
        do {
            let listening = try await open()
            do {
                _ = try await listening.nextNotification(timeoutSeconds: max(0, min(seconds, 60)))
            } catch {
                session.withLock { $0 = nil }
                await listening.close()
                throw error
            }
        } catch {
            logger.debug("listening failed; waiting out the interval", ["channel": channel.name, "error": "\(error)"])
            try? await clock.sleep(seconds: seconds)
        }
    }

    func close() async {
        if let open = session.withLock({ current -> PostgresSession? in
            defer { current = nil }
            return current
        }) { await open.close() }
    }

    private func open() async throws -> PostgresSession {
        if let open = session.withLock({ $0 }) { return open }
        let fresh = try await PostgresSession.connect(conninfo, label: "wardrobe.listen")
        try await fresh.listen(channel)
        session.withLock { $0 = fresh }
        return fresh
    }
}
