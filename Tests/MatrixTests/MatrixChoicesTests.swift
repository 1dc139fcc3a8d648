import Chat
import JSON
import Matrix
import Testing

@Suite struct MatrixChoicesTests {
    let record = MatrixChoices.buttons([[Button(title: "Delete", token: "tok1"), Button(title: "Keep", token: "tok2")]])

    @Test func aKeycapReactionPressesThatButton() {
        guard case .button(let token) = MatrixChoices.payload(forReaction: "2️⃣", on: record) else {
            Issue.record("expected a button press")
            return
        }
        #expect(token == "tok2")
    }

    @Test func keycapsWithoutTheVariationSelectorWorkToo() {
        guard case .button(let token) = MatrixChoices.payload(forReaction: "2\u{20E3}", on: record) else {
            Issue.record("expected a button press")
            return
        }
        #expect(token == "tok2")
    }

    @Test func aCheckMarkPressesTheFirstButton() {
        guard case .button(let token) = MatrixChoices.payload(forReaction: "✅", on: record) else {
            Issue.record("expected a button press")
            return
        }
        #expect(token == "tok1")
    }

    @Test func otherReactionsAndMissingNumbersMeanNothing() {
        #expect(MatrixChoices.payload(forReaction: "❤️", on: record) == nil)
        #expect(MatrixChoices.payload(forReaction: "3️⃣", on: record) == nil)
    }

    @Test func reactionsOnAVoteAreVotesAndRedactingOneTakesItBack() {
        let vote = MatrixChoices.vote(pollID: "$poll", options: 3)
        guard case .vote(let pollID, let options) = MatrixChoices.payload(forReaction: "3️⃣", on: vote) else {
            Issue.record("expected a vote")
            return
        }
        #expect(pollID == "$poll" && options == [2])
        #expect(MatrixChoices.payload(forReaction: "4️⃣", on: vote) == nil)
        let reaction = MatrixChoices.voteReaction(pollID: "$poll", voter: "@ana:test")
        guard case .vote(_, let taken) = MatrixChoices.payload(forRedactionOf: reaction, by: "@ana:test") else {
            Issue.record("expected a retracted vote")
            return
        }
        #expect(taken.isEmpty)
        #expect(MatrixChoices.payload(forRedactionOf: reaction, by: "@mallory:test") == nil)
    }
}
