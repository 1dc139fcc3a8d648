import Foundation
import Postgres
import Support

/// The durable inbox on PostgreSQL: transports write incoming updates with their network's cursor
/// in one transaction; workers claim them so that one chat's messages run in order on one worker
/// at a time, and different chats run in parallel on any worker (see `Inbox+Claim.swift`).
public struct Inbox: Sendable {
    /// The longest network name accepted, in bytes.
    public static let maximumNetworkLength = 64
    /// The longest cursor accepted, in bytes.
    public static let maximumCursorLength = 4096

    /// The channel `enqueue` notifies (with the network as payload) when it stored something new,
    /// so idle claimers can wait for work instead of polling.
    // A literal that passes PostgresChannel's check.
    public static let channel = try! PostgresChannel("wardrobe_inbox")

    /// The session this inbox talks through (one per worker: its calls are served in order).
    public let session: PostgresSession
    /// Lease length and attempts before a message is set aside.
    public let configuration: InboxConfiguration
    /// The time source for arrivals and leases.
    public let clock: any WallClock

    /// An inbox over `session`, reading time from `clock`.
    public init(session: PostgresSession, configuration: InboxConfiguration = InboxConfiguration(), clock: any WallClock) {
        self.session = session
        self.configuration = configuration
        self.clock = clock
    }

    /// Writes `entries` from `network` and sets its cursor to `cursor`, in one transaction: after a
    /// crash either both are stored or neither, so the next fetch neither skips nor loses anything.
    /// An entry whose external id is already stored is skipped. Returns how many entries were new.
    @discardableResult
    public func enqueue(_ entries: [InboxEntry], network: String, cursor: String) async throws -> Int {
        try Self.check(network: network)
        guard cursor.utf8.count <= Self.maximumCursorLength else {
            throw ScaleError.invalidInput("a cursor must have at most \(Self.maximumCursorLength) bytes")
        }
        let now = Timestamp.parameter(clock.now())
        return try await session.transaction { connection in
            var inserted = 0
            for entry in entries {
                inserted += try connection.execute("""
                    INSERT INTO inbox (network, external_id, chat_key, payload, received_at)
                    VALUES ($1, $2, $3, $4::jsonb, to_timestamp($5::float8))
                    ON CONFLICT (network, external_id) DO NOTHING
                    """, [.text(network), .text(entry.externalID), .text(entry.chatKey), .text(entry.payload), now])
            }
            try connection.execute("""
                INSERT INTO inbox_cursor (network, cursor, updated_at) VALUES ($1, $2, to_timestamp($3::float8))
                ON CONFLICT (network) DO UPDATE SET cursor = EXCLUDED.cursor, updated_at = EXCLUDED.updated_at
                """, [.text(network), .text(cursor), now])
            // Delivered at commit, and only then.
            if inserted > 0 { try connection.query("SELECT pg_notify($1, $2)", [.text(Inbox.channel.name), .text(network)]) }
            return inserted
        }
    }

    /// The cursor last stored for `network` (Telegram's next offset, Matrix's `next_batch`).
    public func cursor(network: String) async throws -> String? {
        try Self.check(network: network)
        let rows = try await session.query("SELECT cursor FROM inbox_cursor WHERE network = $1", [.text(network)])
        return try rows.first?.string("cursor")
    }

    /// Whether an entry of `network` with `externalID` was ever stored (pending, done or set aside,
    /// until pruned): a transport fetching history again skips what the inbox already has.
    public func contains(network: String, externalID: String) async throws -> Bool {
        try Self.check(network: network)
        let rows = try await session.query(
            "SELECT 1 FROM inbox WHERE network = $1 AND external_id = $2", [.text(network), .text(externalID)])
        return !rows.isEmpty
    }

    /// Counts of pending and set-aside messages, and the age of the oldest pending one.
    public func statistics() async throws -> InboxStatistics {
        let rows = try await session.query("""
            SELECT count(*) FILTER (WHERE state = 'pending')::bigint AS pending,
                   count(*) FILTER (WHERE state = 'set_aside')::bigint AS set_aside,
                   extract(epoch FROM min(received_at) FILTER (WHERE state = 'pending'))::float8 AS oldest
            FROM inbox
            """)
        guard let row = rows.first else { throw PostgresError(kind: .column, message: "inbox statistics returned no row") }
        let oldest = try row.isNull("oldest") ? nil : try Timestamp.date(row, "oldest")
        return InboxStatistics(pending: Int(try row.int("pending")), setAside: Int(try row.int("set_aside")), oldestPending: oldest)
    }

    static func check(network: String) throws(ScaleError) {
        guard (1...maximumNetworkLength).contains(network.utf8.count) else {
            throw ScaleError.invalidInput("a network name must have 1–\(maximumNetworkLength) bytes")
        }
    }
}
