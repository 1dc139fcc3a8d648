import Foundation
import Postgres
import Schedule
import Support

/// One daily outfit per chat per local day, however many workers run the schedule: the send is
/// recorded in a row unique on (chat, day) before anything goes out, in one transaction with it.
public struct DailySends: Sendable {
    /// The session this ledger talks through.
    public let session: PostgresSession
    /// The time source for `sent_at`.
    public let clock: any WallClock

    /// A ledger over `session`.
    public init(session: PostgresSession, clock: any WallClock) {
        self.session = session
        self.clock = clock
    }

    /// Records the send for `chatKey` on `day` (the chat's local date) and, only when this call
    /// recorded it, runs `send` in the same transaction (write the outfit to the outbox there).
    /// False when the chat already had its send that day.
    @discardableResult
    public func sendOnce(
        chatKey: String, day: LocalDate, owner: WorkerID, _ send: @escaping @Sendable (PostgresConnection) throws -> Void
    ) async throws -> Bool {
        guard (1...JobRequest.maximumKeyLength).contains(chatKey.utf8.count) else {
            throw ScaleError.invalidInput("a chat key must have 1–\(JobRequest.maximumKeyLength) bytes")
        }
        let now = Timestamp.parameter(clock.now())
        return try await session.transaction { connection in
            let recorded = try connection.execute("""
                INSERT INTO daily_send (chat_key, local_day, owner, sent_at) VALUES ($1, $2::date, $3, to_timestamp($4::float8))
                ON CONFLICT (chat_key, local_day) DO NOTHING
                """, [.text(chatKey), .text(day.description), .text(owner.text), now])
            if recorded == 1 { try send(connection) }
            return recorded == 1
        }
    }
}
