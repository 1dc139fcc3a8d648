import Foundation
import JSON
import Storage
import Testing

@Suite struct VoteContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func aVoteIsFoundByChatAndItsFirstAnswerBindsAnUnknownPollID(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let subject: JSON = ["looks": [3, 4, 5], "note": "Ärmel 🧥"]
            let older = try await store.openVote(
                chatID: people.chat.id, starterID: people.ana.id, kind: "tryon", subject: subject, optionCount: 3, closesAt: contractEpoch + 600,
                now: contractEpoch)
            #expect(older.state == .open && older.subject == subject && older.optionCount == 3 && older.openedAt == contractEpoch)
            #expect(older.closesAt == contractEpoch + 600 && older.pollRef == nil && older.messageRef == nil && older.winner == nil && older.closedAt == nil)
            #expect(try await store.vote(id: older.id) == older)
            #expect(try await store.vote(id: older.id + 1000) == nil)
            let newer = try await store.openVote(
                chatID: people.chat.id, starterID: people.bo.id, kind: "outfit", subject: [:], optionCount: 2, closesAt: contractEpoch + 900,
                now: contractEpoch + 1)
            #expect(try await store.openVote(chatID: people.chat.id)?.id == newer.id)
            #expect(try await store.openVote(chatID: people.chat.id + 1000) == nil)
            // The message id is known at once; a nil poll id keeps what is there.
            try await store.setVoteMessage(voteID: newer.id, messageRef: "msg-7", pollRef: nil)
            #expect(try await store.openVote(chatID: people.chat.id, pollID: "msg-7")?.id == newer.id)
            #expect(try await store.vote(id: newer.id)?.pollRef == nil)
            // A native poll's id arrives with its first answer and binds the newest unbound vote.
            #expect(try await store.openVote(chatID: people.chat.id, pollID: "poll-1")?.pollRef == "poll-1")
            #expect(try await store.vote(id: newer.id)?.pollRef == "poll-1")
            #expect(try await store.openVote(chatID: people.chat.id, pollID: "poll-1")?.id == newer.id)
            #expect(try await store.openVote(chatID: people.chat.id, pollID: "poll-2")?.id == older.id)
            #expect(try await store.openVote(chatID: people.chat.id, pollID: "poll-3") == nil)
            try await store.setVoteMessage(voteID: older.id, messageRef: "msg-8", pollRef: "poll-9")
            let bound = try await store.vote(id: older.id)
            #expect(bound?.pollRef == "poll-9" && bound?.messageRef == "msg-8")
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aVoterHasOneBallotThatCanBeChangedOrWithdrawn(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let vote = try await store.openVote(
                chatID: people.chat.id, starterID: people.ana.id, kind: "tryon", subject: [:], optionCount: 3, closesAt: contractEpoch + 60, now: contractEpoch)
            try await store.castBallot(voteID: vote.id, voter: "telegram:9", option: 0, source: "poll", now: contractEpoch + 1)
            try await store.castBallot(voteID: vote.id, voter: "telegram:10", option: 1, source: "poll", now: contractEpoch + 2)
            try await store.castBallot(voteID: vote.id, voter: "Matrix:@b", option: 2, source: "reaction", now: contractEpoch + 3)
            try await store.castBallot(voteID: vote.id, voter: "telegram:9", option: 2, source: "reply", now: contractEpoch + 4)
            // Sorted bytewise: upper case before lower case, "10" before "9".
            #expect(try await store.ballots(voteID: vote.id) == [
                BallotRecord(voter: "Matrix:@b", option: 2, source: "reaction", updatedAt: contractEpoch + 3),
                BallotRecord(voter: "telegram:10", option: 1, source: "poll", updatedAt: contractEpoch + 2),
                BallotRecord(voter: "telegram:9", option: 2, source: "reply", updatedAt: contractEpoch + 4),
            ])
            try await store.castBallot(voteID: vote.id, voter: "telegram:10", option: nil, source: "poll", now: contractEpoch + 5)
            try await store.castBallot(voteID: vote.id, voter: "telegram:404", option: nil, source: "poll", now: contractEpoch + 5)
            #expect(try await store.ballots(voteID: vote.id).map(\.voter) == ["Matrix:@b", "telegram:9"])
            #expect(try await store.ballots(voteID: vote.id + 1000) == [])
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func dueVotesCloseOnceAndATieIsBrokenOnce(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            #expect(try await store.nextVoteClose() == nil)
            let late = try await store.openVote(
                chatID: people.chat.id, starterID: people.ana.id, kind: "tryon", subject: [:], optionCount: 2, closesAt: contractEpoch + 200, now: contractEpoch)
            let soon = try await store.openVote(
                chatID: people.chat.id, starterID: people.bo.id, kind: "tryon", subject: [:], optionCount: 2, closesAt: contractEpoch + 100, now: contractEpoch)
            #expect(try await store.nextVoteClose() == contractEpoch + 100)
            #expect(try await store.dueVotes(now: contractEpoch + 99) == [])
            #expect(try await store.dueVotes(now: contractEpoch + 100).map(\.id) == [soon.id])
            #expect(try await store.dueVotes(now: contractEpoch + 300).map(\.id) == [soon.id, late.id])
            #expect(try await store.finishVote(id: soon.id, state: .closed, winner: 1, now: contractEpoch + 101))
            #expect(try await !store.finishVote(id: soon.id, state: .closed, winner: 0, now: contractEpoch + 102))
            let closed = try #require(try await store.vote(id: soon.id))
            #expect(closed.state == .closed && closed.winner == 1 && closed.closedAt == contractEpoch + 101)
            #expect(try await store.nextVoteClose() == contractEpoch + 200)
            #expect(try await store.finishVote(id: late.id, state: .tied, winner: nil, now: contractEpoch + 201))
            #expect(try await store.vote(id: late.id)?.state == .tied)
            #expect(try await store.nextVoteClose() == nil)
            #expect(try await store.openVote(chatID: people.chat.id) == nil)
            #expect(try await !store.breakTie(voteID: soon.id, winner: 0, now: contractEpoch + 202))
            #expect(try await store.breakTie(voteID: late.id, winner: 0, now: contractEpoch + 203))
            #expect(try await !store.breakTie(voteID: late.id, winner: 1, now: contractEpoch + 204))
            let decided = try #require(try await store.vote(id: late.id))
            #expect(decided.state == .closed && decided.winner == 0 && decided.closedAt == contractEpoch + 203)
        }
    }
}
