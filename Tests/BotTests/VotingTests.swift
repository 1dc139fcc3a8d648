@testable import Bot
import Chat
import Foundation
import Images
import Storage
import Testing
import WardrobeTestKit

@Suite(.serialized) struct VotingTests {
    /// Ana starts an outfit vote in the group (Bob and Cy spoke before); returns the open vote.
    func startOutfitVote(_ harness: VotingHarness, members: [String] = ["bob", "cy"]) async throws -> VoteRecord {
        for member in members { await harness.say("hi all", user: member) }
        try await harness.addCloset(for: "ana")
        await harness.say("/outfit dinner 3", user: "ana")
        return try #require(try await harness.openVote())
    }

    func ballots(_ harness: VotingHarness, _ vote: VoteRecord) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await harness.store.ballots(voteID: vote.id).map { ($0.voter, $0.option) })
    }

    @Test func anOutfitRequestInAGroupSendsTheCandidatesAndANonAnonymousPoll() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        #expect(harness.polls.count == 1)
        let poll = try #require(harness.polls.first)
        #expect(poll.options.count == 3)
        #expect(poll.options[0].hasPrefix("1: "))
        #expect(poll.question.contains("Ana") && !poll.question.contains("React with"))
        #expect(poll.closeDate == harness.clock.now().addingTimeInterval(600))
        #expect(vote.optionCount == 3)
        #expect(vote.pollRef == nil, "a native poll's id is bound by its first answer")
        #expect(harness.transport.readable.contains { $0.hasPrefix("1. Dinner Date") })
    }

    @Test func aVoteCanBeChangedAndTakenBackAndTheLatestCounts() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([0], user: "bob")
        #expect(try await ballots(harness, vote) == ["telegram:bob": 0])
        await harness.vote([2], user: "bob")
        #expect(try await ballots(harness, vote) == ["telegram:bob": 2])
        await harness.say("/vote", user: "cy")
        #expect(harness.transport.readable.last?.contains("1: 0 votes · 2: 0 votes · 3: 1 vote") == true)
        await harness.vote([], user: "bob")
        #expect(try await ballots(harness, vote).isEmpty)
        #expect(try await harness.vote(id: vote.id)?.state == .open)
    }

    @Test func theVoteClosesWhenTheWindowEnds() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([1], user: "bob")
        let closer = VoteCloser(voting: harness.voting)
        let task = Task { try await closer.run() }
        #expect(await harness.eventually { harness.clock.sleeperDeadlines.contains(vote.closesAt) })
        harness.clock.advance(by: 9 * 60)
        #expect(try await harness.vote(id: vote.id)?.state == .open)
        harness.clock.advance(by: 60)
        #expect(try await harness.eventually { try await harness.vote(id: vote.id)?.state == .closed })
        await closer.shutdown()
        _ = await task.result
        let closed = try #require(try await harness.vote(id: vote.id))
        #expect(closed.winner == 1)
        #expect(harness.stoppedPolls == 1)
        #expect(harness.transport.readable.last?.hasPrefix("The group picked option 2") == true)
        #expect(harness.transport.lastButtons.map(\.title) == ["I wore this"])
    }

    @Test func theVoteClosesOnceEveryActiveMemberHasVoted() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([0], user: "bob")
        await harness.vote([2], user: "cy")
        #expect(try await harness.vote(id: vote.id)?.state == .open, "Ana spoke too and has not voted")
        await harness.vote([2], user: "ana")
        let closed = try #require(try await harness.vote(id: vote.id))
        #expect(closed.state == .closed)
        #expect(closed.winner == 2)
        // The winner's "I wore this" is Ana's and records her pieces.
        try await harness.press("I wore this", user: "ana")
        #expect(harness.transport.readable.last?.hasPrefix("Noted: 3 pieces worn today") == true)
    }

    @Test func onlyTheStarterMayCloseTheVote() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([1], user: "bob")
        await harness.say("/vote close", user: "bob")
        #expect(harness.transport.readable.last?.hasPrefix("Only the person who started the vote") == true)
        #expect(try await harness.vote(id: vote.id)?.state == .open)
        await harness.say("/vote close", user: "ana")
        #expect(try await harness.vote(id: vote.id)?.state == .closed)
        #expect(try await harness.vote(id: vote.id)?.winner == 1)
        #expect(harness.stoppedPolls == 1)
    }

    @Test func aTieLetsTheStarterPickTheWinner() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness, members: ["bob"])
        await harness.vote([0], user: "bob")
        await harness.vote([1], user: "ana")
        #expect(try await harness.vote(id: vote.id)?.state == .tied)
        #expect(harness.transport.readable.last?.hasPrefix("It's a tie between 1, 2 (1 vote each)") == true)
        #expect(harness.transport.lastButtons.map(\.title) == ["Pick 1", "Pick 2"])
        try await harness.press("Pick 1", user: "bob")
        #expect(harness.transport.readable.last == "This button belongs to someone else.")
        #expect(try await harness.vote(id: vote.id)?.state == .tied)
        try await harness.press("Pick 2", user: "ana")
        let decided = try #require(try await harness.vote(id: vote.id))
        #expect(decided.state == .closed)
        #expect(decided.winner == 1)
        #expect(harness.transport.readable.last?.hasPrefix("The group picked option 2") == true)
    }

    @Test func aRestartMidVoteKeepsTheBallotsAndStillClosesOnTime() async throws {
        let first = try VotingHarness(polls: true)
        let vote = try await startOutfitVote(first)
        await first.vote([2], user: "bob")
        await first.vote([2], user: "cy")
        let folder = first.folder
        let restartedAt = first.clock.now().addingTimeInterval(120)
        first.close()

        let second = try VotingHarness(polls: true, folder: folder, now: restartedAt)
        defer { second.remove() }
        #expect(try await second.store.ballots(voteID: vote.id).count == 2)
        let closer = VoteCloser(voting: second.voting)
        let task = Task { try await closer.run() }
        #expect(await second.eventually { second.clock.sleeperDeadlines.contains(vote.closesAt) })
        #expect(try await second.vote(id: vote.id)?.state == .open)
        second.clock.set(vote.closesAt)
        #expect(try await second.eventually { try await second.vote(id: vote.id)?.state == .closed })
        await closer.shutdown()
        _ = await task.result
        #expect(try await second.vote(id: vote.id)?.winner == 2)
        #expect(second.transport.readable.last?.hasPrefix("The group picked option 3") == true)
    }

    @Test func aVoteThatFellDueWhileTheBotWasDownClosesAtStartUp() async throws {
        let first = try VotingHarness(polls: true)
        let vote = try await startOutfitVote(first)
        await first.vote([0], user: "bob")
        let folder = first.folder
        first.close()
        let second = try VotingHarness(polls: true, folder: folder, now: vote.closesAt.addingTimeInterval(3600))
        defer { second.remove() }
        let closer = VoteCloser(voting: second.voting)
        let task = Task { try await closer.run() }
        #expect(try await second.eventually { try await second.vote(id: vote.id)?.state == .closed })
        await closer.shutdown()
        _ = await task.result
    }

    @Test func theBotsOwnVoteNeverCounts() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([0], user: "bot")
        #expect(try await ballots(harness, vote).isEmpty)
        #expect(try await harness.store.activeMemberKeys(chatID: vote.chatID, since: .distantPast).contains("telegram:bot") == false)
    }

    @Test func aUserVotingOnThePollAndByReactionCountsOnce() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        await harness.vote([0], user: "bob", pollID: "poll-1")
        let message = try #require(try await harness.vote(id: vote.id)?.messageRef)
        await harness.vote([1], user: "bob", pollID: message)
        #expect(try await ballots(harness, vote) == ["telegram:bob": 1])
        // An answer on some other poll does not reach this vote.
        await harness.vote([2], user: "cy", pollID: "old-poll")
        #expect(try await ballots(harness, vote) == ["telegram:bob": 1])
    }

    @Test func numberedNoticesAreVotedOnByTheirMessageIdWithoutNativePolls() async throws {
        let harness = try VotingHarness(polls: false)
        defer { harness.remove() }
        let vote = try await startOutfitVote(harness)
        let notice = try #require(vote.messageRef)
        #expect(vote.pollRef == notice)
        // The numbered notice says how to vote (in the starter's words); a native poll needs no such line.
        #expect(harness.polls.first?.question.hasSuffix("\nReact with the number to vote, or reply with it.") == true)
        await harness.vote([1], user: "bob", pollID: notice)
        await harness.vote([], user: "bob", pollID: notice)
        await harness.vote([2], user: "bob", pollID: notice)
        #expect(try await ballots(harness, vote) == ["matrix:bob": 2])
        await harness.say("/vote close", user: "ana")
        #expect(harness.stoppedPolls == 0)
        #expect(try await harness.vote(id: vote.id)?.winner == 2)
    }

    @Test func aWinningTryOnVariationBecomesTheGroupPickWithItsLookButtons() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        await harness.say("hi", user: "bob")
        let ana = try await harness.store.user(transport: "telegram", externalID: "ana", displayName: "Ana")
        let chat = try await harness.store.chat(transport: "telegram", externalID: VotingHarness.group, kind: .group)
        var numbers: [Int] = []
        var results: [String] = []
        for variation in 1...2 {
            let bytes = try SyntheticPhoto.generate(width: 300, height: 400, format: .jpeg, seed: variation)
            let result = try await harness.store.saveImage(bytes, userID: ana.id, mimeType: "image/jpeg", width: 300, height: 400).sha256
            results.append(result)
            let look = try await harness.store.addLook(LookRecord(
                userID: ana.id, chatID: chat.id, personSHA256: "p", garmentSHA256: "g", resultSHA256: result, prompt: "x",
                service: "openrouter", model: "m", batchID: "b", variation: variation, startedAt: harness.clock.now(), durationMilliseconds: 1))
            numbers.append(look.number)
        }
        let vote = try await harness.voting.open(
            .looks(numbers), question: "Which look should Ana keep?", options: ["1: look #1", "2: look #2"], chat: chat, starterID: ana.id,
            language: .en)
        // Bob is the only member who spoke, so his ballot closes the vote.
        await harness.vote([1], user: "bob")
        #expect(try await harness.vote(id: vote.id)?.winner == 1)
        #expect(try await harness.store.look(userID: ana.id, number: numbers[1])?.groupPick == true)
        #expect(try await harness.store.look(userID: ana.id, number: numbers[0])?.groupPick == false)
        #expect(harness.transport.readable.last?.hasPrefix("The group picked 2 (look #2)") == true, "\(harness.transport.readable)")
        #expect(harness.transport.lastButtons.map(\.title).contains("Keep"))
        // The announcement shows the winning look itself.
        let announcement = try #require(harness.transport.photoMessages.last)
        #expect(announcement.images.map(\.sha256) == [results[1]])
        #expect(announcement.caption?.plainText.hasPrefix("The group picked 2") == true)
    }

    @Test func theVoteWindowAcceptsMinutesHoursAndDaysWithinLimits() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        await harness.say("/vote window 30m", user: "ana")
        #expect(harness.transport.readable.last == "New votes here stay open for 30 min.")
        for bad in ["0m", "8d", "soon", "5 weeks"] {
            await harness.say("/vote window \(bad)", user: "ana")
            #expect(harness.transport.readable.last?.contains("minutes (m), hours (h) or days (d), from 1m to 7d") == true, "\(bad)")
        }
        await harness.say("/vote window 2h", user: "ana")
        #expect(harness.transport.readable.last == "New votes here stay open for 2 h.")
        let vote = try await startOutfitVote(harness)
        #expect(vote.closesAt == vote.openedAt.addingTimeInterval(7200))
    }

    @Test func privateChatsGetOutfitsWithoutAVote() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        try await harness.addCloset(for: "ana")
        await harness.say("/outfit dinner 3", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.polls.isEmpty)
        #expect(harness.transport.lastButtons.map(\.title) == ["Show another", "Why?", "I wore this"])
    }
}
