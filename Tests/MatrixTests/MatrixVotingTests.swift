import Chat
import JSON
import Matrix
import Testing

@Suite struct MatrixVotingTests {
    let notice = MatrixChoices.vote(pollID: "$notice", options: 3)

    func vote(_ payload: EventPayload?) -> (String, [Int])? {
        guard case .vote(let pollID, let options) = payload else { return nil }
        return (pollID, options)
    }

    @Test func aReplyWithANumberOnAVoteNoticeIsAVote() {
        for text in ["2", "2.", "2️⃣", " 2 "] {
            let mapped = vote(MatrixChoices.payload(forReply: text, on: notice))
            #expect(mapped?.0 == "$notice", "\(text)")
            #expect(mapped?.1 == [1], "\(text)")
        }
    }

    @Test func otherRepliesStayMessages() {
        #expect(MatrixChoices.payload(forReply: "4", on: notice) == nil)
        #expect(MatrixChoices.payload(forReply: "I like the second", on: notice) == nil)
        #expect(MatrixChoices.payload(forReply: "2", on: MatrixChoices.buttons([[Button(title: "A", token: "t")]])) == nil)
    }

    @Test func aReactionVotesAndItsRedactionByTheSameUserTakesTheVoteBack() {
        #expect(vote(MatrixChoices.payload(forReaction: "3️⃣", on: notice))?.1 == [2])
        let reaction = MatrixChoices.voteReaction(pollID: "$notice", voter: "@bob:localhost")
        #expect(vote(MatrixChoices.payload(forRedactionOf: reaction, by: "@bob:localhost"))?.1 == [])
        #expect(MatrixChoices.payload(forRedactionOf: reaction, by: "@cy:localhost") == nil)
    }
}
