import Foundation
import JSON
import Postgres
import Storage

// Group votes and ballots on PostgreSQL, as `Storage.Store` keeps them on SQLite. The chat's active
// members (`activeMemberKeys`) come from `chat_member`, kept by `participants`.
extension PostgresStore: VoteStore {
    /// `VoteStore.openVote`: see there.
    public func openVote(
        chatID: Int64, starterID: Int64, kind: String, subject: JSON, optionCount: Int, closesAt: Date, now: Date
    ) async throws -> VoteRecord {
        let rows = try await session.query("""
            INSERT INTO vote (chat_id, starter_id, kind, subject, option_count, opened_at, closes_at, state)
            VALUES ($1, $2, $3, $4, $5, to_timestamp($6::float8), to_timestamp($7::float8), 'open')
            RETURNING \(Self.voteColumns)
            """, [.int(chatID), .int(starterID), .text(kind), .text(subject.serialized()), .int(optionCount), Timestamp.parameter(now),
                  Timestamp.parameter(closesAt)])
        guard let row = rows.first else { throw StorageError.notFound("the new vote") }
        return try Self.vote(from: row)
    }

    /// `VoteStore.setVoteMessage`: see there.
    public func setVoteMessage(voteID: Int64, messageRef: String?, pollRef: String?) async throws {
        try await session.execute(
            "UPDATE vote SET message_ref = $2, poll_ref = coalesce($3, poll_ref) WHERE id = $1", [.int(voteID), .text(messageRef), .text(pollRef)])
    }

    /// `VoteStore.vote`: see there.
    public func vote(id: Int64) async throws -> VoteRecord? {
        try await session.query("SELECT \(Self.voteColumns) FROM vote WHERE id = $1", [.int(id)]).first.map(Self.vote(from:))
    }

    /// `VoteStore.openVote(chatID:)`: see there.
    public func openVote(chatID: Int64) async throws -> VoteRecord? {
        try await session.query(
            "SELECT \(Self.voteColumns) FROM vote WHERE chat_id = $1 AND state = 'open' ORDER BY id DESC LIMIT 1", [.int(chatID)]
        ).first.map(Self.vote(from:))
    }

    /// `VoteStore.openVote(chatID:pollID:)`: see there. Binding takes turns per chat on a
    /// transaction-scoped advisory lock, and the match is looked up again once it is held: two workers
    /// binding the first answers of one poll at once then both find the vote the first one bound. (A
    /// row lock alone would not do: the second worker, skipping the row bound meanwhile, would bind
    /// the poll to the next unbound vote of the chat.)
    public func openVote(chatID: Int64, pollID: String) async throws -> VoteRecord? {
        let lock = AdvisoryLockKey(name: "wardrobe:vote:bind:\(chatID)")
        return try await session.transaction { connection in
            let match = """
                SELECT \(Self.voteColumns) FROM vote WHERE chat_id = $1 AND state = 'open' AND (poll_ref = $2 OR message_ref = $2)
                ORDER BY id DESC LIMIT 1
                """
            if let row = try connection.query(match, [.int(chatID), .text(pollID)]).first { return try Self.vote(from: row) }
            try connection.query("SELECT pg_advisory_xact_lock($1::bigint)", [.int(lock.value)])
            // Each statement sees what committed before it, so a binding by the previous holder shows here.
            if let row = try connection.query(match, [.int(chatID), .text(pollID)]).first { return try Self.vote(from: row) }
            let rows = try connection.query("""
                UPDATE vote SET poll_ref = $2
                WHERE id = (SELECT id FROM vote WHERE chat_id = $1 AND state = 'open' AND poll_ref IS NULL ORDER BY id DESC LIMIT 1)
                RETURNING \(Self.voteColumns)
                """, [.int(chatID), .text(pollID)])
            return try rows.first.map(Self.vote(from:))
        }
    }

    /// `VoteStore.castBallot`: see there.
    public func castBallot(voteID: Int64, voter: String, option: Int?, source: String, now: Date) async throws {
        if let option {
            try await session.execute("""
                INSERT INTO ballot (vote_id, voter, option, source, updated_at) VALUES ($1, $2, $3, $4, to_timestamp($5::float8))
                ON CONFLICT (vote_id, voter) DO UPDATE SET option = EXCLUDED.option, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at
                """, [.int(voteID), .text(voter), .int(option), .text(source), Timestamp.parameter(now)])
        } else {
            try await session.execute("DELETE FROM ballot WHERE vote_id = $1 AND voter = $2", [.int(voteID), .text(voter)])
        }
    }

    /// `VoteStore.ballots`: see there. Sorted bytewise by voter, as SQLite sorts.
    public func ballots(voteID: Int64) async throws -> [BallotRecord] {
        try await session.query("""
            SELECT voter, option, source, extract(epoch FROM updated_at)::float8 AS updated_at FROM ballot
            WHERE vote_id = $1 ORDER BY voter COLLATE "C"
            """, [.int(voteID)]).map { row in
            BallotRecord(
                voter: try row.string("voter"), option: Int(try row.int("option")), source: try row.string("source"),
                updatedAt: try Timestamp.date(row, "updated_at"))
        }
    }

    /// `VoteStore.dueVotes`: see there.
    public func dueVotes(now: Date) async throws -> [VoteRecord] {
        try await session.query(
            "SELECT \(Self.voteColumns) FROM vote WHERE state = 'open' AND closes_at <= to_timestamp($1::float8) ORDER BY closes_at, id",
            [Timestamp.parameter(now)]
        ).map(Self.vote(from:))
    }

    /// `VoteStore.nextVoteClose`: see there.
    public func nextVoteClose() async throws -> Date? {
        let rows = try await session.query("SELECT extract(epoch FROM min(closes_at))::float8 AS next FROM vote WHERE state = 'open'")
        guard let row = rows.first, try !row.isNull("next") else { return nil }
        return try Timestamp.date(row, "next")
    }

    /// `VoteStore.finishVote`: see there.
    public func finishVote(id: Int64, state: VoteState, winner: Int?, now: Date) async throws -> Bool {
        try await session.execute(
            "UPDATE vote SET state = $2, winner = $3, closed_at = to_timestamp($4::float8) WHERE id = $1 AND state = 'open'",
            [.int(id), .text(state.rawValue), winner.map { .int($0) } ?? .null, Timestamp.parameter(now)]) == 1
    }

    /// `VoteStore.breakTie`: see there.
    public func breakTie(voteID: Int64, winner: Int, now: Date) async throws -> Bool {
        try await session.execute(
            "UPDATE vote SET state = 'closed', winner = $2, closed_at = to_timestamp($3::float8) WHERE id = $1 AND state = 'tied'",
            [.int(voteID), .int(winner), Timestamp.parameter(now)]) == 1
    }

    static let voteColumns = """
        id, chat_id, starter_id, kind, subject, option_count, poll_ref, message_ref, extract(epoch FROM opened_at)::float8 AS opened_at,
        extract(epoch FROM closes_at)::float8 AS closes_at, state, winner, extract(epoch FROM closed_at)::float8 AS closed_at
        """

    static func vote(from row: PostgresRow) throws -> VoteRecord {
        let stateText = try row.string("state")
        guard let state = VoteState(rawValue: stateText) else { throw StorageError.corrupt("vote row has state \(stateText)") }
        return VoteRecord(
            id: try row.int("id"), chatID: try row.int("chat_id"), starterID: try row.int("starter_id"), kind: try row.string("kind"),
            subject: try JSON.parse(try row.string("subject")), optionCount: Int(try row.int("option_count")),
            pollRef: try row.optionalString("poll_ref"), messageRef: try row.optionalString("message_ref"),
            openedAt: try Timestamp.date(row, "opened_at"), closesAt: try Timestamp.date(row, "closes_at"), state: state,
            winner: try row.optionalInt("winner").map { Int($0) },
            closedAt: try row.isNull("closed_at") ? nil : try Timestamp.date(row, "closed_at"))
    }
}
