import Foundation
import JSON
import SQLite

extension Store {
    /// Opens a vote in `chatID`; the poll and message references follow once it is sent.
    public func openVote(
        chatID: Int64, starterID: Int64, kind: String, subject: JSON, optionCount: Int, closesAt: Date, now: Date
    ) async throws -> VoteRecord {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO votes (chat_id, starter_id, kind, subject, option_count, opened_at, closes_at, state)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'open')
                """, [chatID, starterID, kind, subject.serialized(), optionCount, Store.timestamp(now), Store.timestamp(closesAt)])
            return try db.first("SELECT * FROM votes WHERE id = ?", [db.lastInsertRowID]).map(Store.vote(from:))!
        }
    }

    /// Records the sent message (and, when known, the poll id votes will carry).
    public func setVoteMessage(voteID: Int64, messageRef: String?, pollRef: String?) async throws {
        try await database.write { db in
            try db.query("UPDATE votes SET message_ref = ?, poll_ref = coalesce(?, poll_ref) WHERE id = ?", [messageRef, pollRef, voteID])
        }
    }

    /// The vote with this id, if any.
    public func vote(id: Int64) async throws -> VoteRecord? {
        try await database.run { db in try db.first("SELECT * FROM votes WHERE id = ?", [id]).map(Store.vote(from:)) }
    }

    /// The newest open vote in a chat, if any.
    public func openVote(chatID: Int64) async throws -> VoteRecord? {
        try await database.run { db in
            try db.first("SELECT * FROM votes WHERE chat_id = ? AND state = 'open' ORDER BY id DESC LIMIT 1", [chatID]).map(Store.vote(from:))
        }
    }

    /// The open vote in `chatID` that a vote carrying `pollID` belongs to.
    ///
    /// A vote matches by poll id or by its message id. A native poll's id is not known when it is
    /// sent (the transport returns only the message), so the first answer binds it: an open vote
    /// of the chat without a poll id takes `pollID`, in the same transaction.
    public func openVote(chatID: Int64, pollID: String) async throws -> VoteRecord? {
        try await database.write { db in
            if let row = try db.first(
                "SELECT * FROM votes WHERE chat_id = ? AND state = 'open' AND (poll_ref = ? OR message_ref = ?) ORDER BY id DESC LIMIT 1",
                [chatID, pollID, pollID])
            {
                return Store.vote(from: row)
            }
            guard let row = try db.first(
                "SELECT * FROM votes WHERE chat_id = ? AND state = 'open' AND poll_ref IS NULL ORDER BY id DESC LIMIT 1", [chatID])
            else { return nil }
            let vote = Store.vote(from: row)
            try db.query("UPDATE votes SET poll_ref = ? WHERE id = ?", [pollID, vote.id])
            return try db.first("SELECT * FROM votes WHERE id = ?", [vote.id]).map(Store.vote(from:))
        }
    }

    /// Sets `voter`'s ballot to `option` (replacing an earlier one), or removes it when `option` is nil.
    public func castBallot(voteID: Int64, voter: String, option: Int?, source: String, now: Date) async throws {
        try await database.write { db in
            if let option {
                try db.query(
                    """
                    INSERT INTO ballots (vote_id, voter, option, source, updated_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (vote_id, voter) DO UPDATE SET option = excluded.option, source = excluded.source, updated_at = excluded.updated_at
                    """, [voteID, voter, option, source, Store.timestamp(now)])
            } else {
                try db.query("DELETE FROM ballots WHERE vote_id = ? AND voter = ?", [voteID, voter])
            }
        }
    }

    /// The current ballots of a vote, by voter.
    public func ballots(voteID: Int64) async throws -> [BallotRecord] {
        try await database.run { db in
            try db.query("SELECT * FROM ballots WHERE vote_id = ? ORDER BY voter", [voteID]).map { row in
                BallotRecord(
                    voter: row.string("voter") ?? "", option: Int(row.int("option") ?? 0), source: row.string("source") ?? "",
                    updatedAt: Date(timeIntervalSince1970: row.double("updated_at") ?? 0))
            }
        }
    }

    /// Open votes whose window has ended by `now`, oldest deadline first.
    public func dueVotes(now: Date) async throws -> [VoteRecord] {
        try await database.run { db in
            try db.query("SELECT * FROM votes WHERE state = 'open' AND closes_at <= ? ORDER BY closes_at, id", [Store.timestamp(now)])
                .map(Store.vote(from:))
        }
    }

    /// When the next open vote closes, if any is open.
    public func nextVoteClose() async throws -> Date? {
        try await database.run { db in
            try db.first("SELECT min(closes_at) AS next FROM votes WHERE state = 'open'")?.double("next").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Closes an open vote as `state` (tied or closed) with `winner`. Returns false when it was no
    /// longer open, so exactly one closer announces the result.
    public func finishVote(id: Int64, state: VoteState, winner: Int?, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE votes SET state = ?, winner = ?, closed_at = ? WHERE id = ? AND state = 'open'",
                [state.rawValue, winner, Store.timestamp(now), id])
            return db.changes == 1
        }
    }

    /// Decides a tied vote for `winner`. Returns false when it was not tied (already decided).
    public func breakTie(voteID: Int64, winner: Int, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE votes SET state = 'closed', winner = ?, closed_at = ? WHERE id = ? AND state = 'tied'",
                [winner, Store.timestamp(now), voteID])
            return db.changes == 1
        }
    }

    /// Marks a look as the group's pick; false when there is no such look.
    @discardableResult
    public func setGroupPick(userID: Int64, lookNumber: Int) async throws -> Bool {
        try await database.write { db in
            try db.query("UPDATE looks SET group_pick = 1 WHERE user_id = ? AND number = ?", [userID, lookNumber])
            return db.changes == 1
        }
    }

    static func vote(from row: Row) -> VoteRecord {
        VoteRecord(
            id: row.int("id") ?? 0, chatID: row.int("chat_id") ?? 0, starterID: row.int("starter_id") ?? 0, kind: row.string("kind") ?? "",
            subject: (try? JSON.parse(row.string("subject") ?? "{}")) ?? [:], optionCount: Int(row.int("option_count") ?? 0),
            pollRef: row.string("poll_ref"), messageRef: row.string("message_ref"),
            openedAt: Date(timeIntervalSince1970: row.double("opened_at") ?? 0),
            closesAt: Date(timeIntervalSince1970: row.double("closes_at") ?? 0),
            state: VoteState(rawValue: row.string("state") ?? "") ?? .closed, winner: row.int("winner").map { Int($0) },
            closedAt: row.double("closed_at").map(Date.init(timeIntervalSince1970:)))
    }
}
