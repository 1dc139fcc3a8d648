import Storage

/// The counts of a vote and what they decide. Pure: ballots in, outcome out.
struct VoteTally: Sendable, Hashable {
    /// What a closed vote decided.
    enum Outcome: Sendable, Hashable {
        /// One option has the most votes.
        case winner(Int)
        /// Several options share the most votes (0-based, ascending).
        case tie([Int])
        /// Nobody voted.
        case noVotes
    }

    /// Votes per option, index = option.
    let counts: [Int]

    /// Counts the ballots of a vote with `optionCount` options; out-of-range ballots are ignored.
    init(ballots: [BallotRecord], optionCount: Int) {
        var counts = Array(repeating: 0, count: max(0, optionCount))
        for ballot in ballots where counts.indices.contains(ballot.option) { counts[ballot.option] += 1 }
        self.counts = counts
    }

    /// How many ballots count.
    var total: Int { counts.reduce(0, +) }

    var outcome: Outcome {
        guard let best = counts.max(), best > 0 else { return .noVotes }
        let leaders = counts.indices.filter { counts[$0] == best }
        return leaders.count == 1 ? .winner(leaders[0]) : .tie(leaders)
    }

    /// "1: 2 votes · 2: 1 vote · 3: 0 votes" in the reader's language.
    func summary(_ words: Phrasebook) -> String {
        counts.enumerated().map { "\($0.offset + 1): \(VoteTally.votes($0.element, words))" }.joined(separator: " · ")
    }

    /// "1 vote", "3 votes".
    static func votes(_ count: Int, _ words: Phrasebook) -> String { words.string("vote.votes", ["count": .integer(count)]) }
}
