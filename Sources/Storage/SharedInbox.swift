import Foundation

/// The durable inbox that several worker processes share (PostgreSQL, issue #16): one elected
/// process fetches a network's updates and stores them with its cursor; every process claims
/// updates so that one chat's run in order on one worker at a time, and records each handled update
/// together with its replies' outbox rows. The one process sending a bot's replies is elected too.
public protocol SharedInbox: Sendable {
    /// Stores fetched updates of `network` and its new cursor, in one transaction; an update already
    /// stored is skipped. Returns how many were new.
    @discardableResult
    func enqueue(_ entries: [SharedInboxEntry], network: String, cursor: String) async throws -> Int
    /// The cursor last stored for `network`.
    func cursor(network: String) async throws -> String?
    /// Claims the oldest update of `network` (nil: of any network) in a chat no other worker holds;
    /// nil when nothing is claimable now.
    func claim(network: String?) async throws -> SharedInboxClaim?
    /// Whether an update of `network` with this id was ever stored (until handled rows are pruned).
    func contains(network: String, externalID: String) async throws -> Bool
    /// Records a claimed update as handled, writes its replies to the outbox and forgets its attempt
    /// record of `attemptKind` (poison-message protection), in one transaction; returns the rows.
    /// Throws when the claim's lease had already passed to another worker.
    func complete(_ claim: SharedInboxClaim, outbox: [OutboxDraft], attemptKind: String?, now: Date) async throws -> [OutboxRecord]
    /// Records an album part as handled but keeps its chat leased to this worker, so the album's next
    /// parts come here (`claimAlbumPart`) and the album is handled as one. Throws like `complete`.
    func recordAlbumPart(_ claim: SharedInboxClaim, attemptKind: String?, now: Date) async throws
    /// Claims the chat's oldest pending update when it is a part of the album `mediaGroupID` and the
    /// chat is leased to this worker; nil otherwise (the album is complete, or the chat moved on).
    func claimAlbumPart(chatKey: String, mediaGroupID: String) async throws -> SharedInboxClaim?
    /// Frees a chat this worker kept for an album, once the album's replies are written.
    func releaseChat(_ chatKey: String) async throws
    /// Gives a claim back unhandled (shutting down): any worker may take the chat at once.
    func release(_ claim: SharedInboxClaim) async throws
    /// Extends the leases of claims still being handled; returns those whose lease was lost.
    func renew(_ claims: [SharedInboxClaim]) async throws -> [SharedInboxClaim]
    /// Waits up to `seconds` for an update stored or a chat freed, by any worker.
    func waitForNews(seconds: Double) async
    /// Waits up to `seconds` for replies written by any worker (the elected sender's wake-up).
    func waitForReplies(seconds: Double) async
    /// Runs `body` while this process holds the named role (one holder among all workers), and
    /// campaigns again when it loses it. Returns when `body` returns.
    func lead(_ role: String, _ body: @escaping @Sendable () async throws -> Void) async throws
}

/// An update to store in the shared inbox.
public struct SharedInboxEntry: Sendable, Hashable {
    /// The network's id of the update (Telegram's `update_id`).
    public let externalID: String
    /// The chat it belongs to; updates of one chat are handled in their order.
    public let chatKey: String
    /// The update as JSON text.
    public let payload: String

    public init(externalID: String, chatKey: String, payload: String) {
        self.externalID = externalID
        self.chatKey = chatKey
        self.payload = payload
    }
}

/// An update claimed from the shared inbox.
public struct SharedInboxClaim: Sendable, Hashable {
    /// The inbox row.
    public let id: Int64
    /// The network's id of the update.
    public let externalID: String
    /// The chat it belongs to.
    public let chatKey: String
    /// The update as JSON text.
    public let payload: String
    /// True when the update crashed workers too often: it is set aside (already recorded), not to be handled.
    public let setAside: Bool

    public init(id: Int64, externalID: String, chatKey: String, payload: String, setAside: Bool) {
        self.id = id
        self.externalID = externalID
        self.chatKey = chatKey
        self.payload = payload
        self.setAside = setAside
    }
}
