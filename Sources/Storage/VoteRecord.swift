import Foundation
import JSON

/// Where a group vote stands.
public enum VoteState: String, Sendable, Hashable {
    /// Taking ballots.
    case open
    /// Closed with a tie; the starter picks the winner.
    case tied
    /// Decided (or closed without ballots).
    case closed
}

/// A group vote on variations: who started it, what it is about, and where it stands.
public struct VoteRecord: Sendable, Hashable {
    public let id: Int64
    public let chatID: Int64
    public let starterID: Int64
    /// "tryon" or "outfit".
    public let kind: String
    /// What the options are (look numbers, or outfits as item ids), as the feature wrote it.
    public let subject: JSON
    public let optionCount: Int
    /// The id votes arrive with: a Telegram poll id or the Matrix notice's event id.
    public let pollRef: String?
    /// The message that carries the poll or the numbered notice.
    public let messageRef: String?
    public let openedAt: Date
    public let closesAt: Date
    public let state: VoteState
    /// The 0-based winning option, once decided.
    public let winner: Int?
    public let closedAt: Date?

    /// A vote as a store read it (public: `Scale.PostgresStore` builds them too).
    public init(
        id: Int64, chatID: Int64, starterID: Int64, kind: String, subject: JSON, optionCount: Int, pollRef: String?, messageRef: String?,
        openedAt: Date, closesAt: Date, state: VoteState, winner: Int?, closedAt: Date?
    ) {
        self.id = id
        self.chatID = chatID
        self.starterID = starterID
        self.kind = kind
        self.subject = subject
        self.optionCount = optionCount
        self.pollRef = pollRef
        self.messageRef = messageRef
        self.openedAt = openedAt
        self.closesAt = closesAt
        self.state = state
        self.winner = winner
        self.closedAt = closedAt
    }
}

/// One voter's current choice in a vote.
public struct BallotRecord: Sendable, Hashable {
    /// The voter's identity key, e.g. `telegram:123` (so one person counts once, however they voted).
    public let voter: String
    /// The 0-based option.
    public let option: Int
    /// How it arrived: "poll", "reaction" or "reply".
    public let source: String
    public let updatedAt: Date

    /// A ballot as a store read it.
    public init(voter: String, option: Int, source: String, updatedAt: Date) {
        self.voter = voter
        self.option = option
        self.source = source
        self.updatedAt = updatedAt
    }
}
