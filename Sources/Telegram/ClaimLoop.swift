import Chat
import Foundation
import JSON
import Storage
import Support

/// A worker's loop over the shared inbox: claims updates of chats no other worker holds (up to
/// `sharedClaimsInFlight` at once), hands each to the same intake polling uses, keeps the leases of
/// the chats it holds alive, and records each handled update with its replies in one transaction.
struct ClaimLoop: Sendable {
    let poller: TelegramPoller
    let shared: any SharedInbox
    let books: ClaimBookkeeping
    let intake: UpdateIntake

    init(poller: TelegramPoller, shared: any SharedInbox, mapper: UpdateMapper) {
        self.poller = poller
        self.shared = shared
        books = ClaimBookkeeping(poller: poller, shared: shared, held: HeldClaims(albumWindow: poller.configuration.albumWindowSeconds))
        intake = UpdateIntake(poller: poller, mapper: mapper, books: books)
    }

    private var logger: Logger { poller.logger }
    private var clock: any WallClock { poller.clock }

    func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { [shared, books] in await shared.relayNews(to: books.wakeUp) }
            group.addTask { [shared, books, poller, logger, clock] in
                let held = books.held
                try await shared.keepLeases(
                    every: max(0.05, poller.configuration.sharedRenewSeconds), clock: clock, logger: logger, item: "update",
                    held: { await held.all }, holds: { await held.holds($0) })
            }
            var failures = 0
            while !Task.isCancelled {
                await intake.releaseAlbums { _ in .armed }
                do {
                    // The next parts of albums being collected here come first: their chats are kept for them.
                    for album in await books.held.collecting {
                        while let claim = try await shared.claimAlbumPart(chatKey: album.chatKey, mediaGroupID: album.mediaGroupID) {
                            await take(claim, group: &group)
                        }
                    }
                    while await books.held.count < max(1, poller.configuration.sharedClaimsInFlight), !Task.isCancelled,
                          let claim = try await shared.claim(network: TelegramPoller.transportName) {
                        await take(claim, group: &group)
                    }
                    if failures > 0 { logger.notice("shared inbox readable again", ["failures": failures]) }
                    failures = 0
                } catch {
                    failures += 1
                    if failures == 1 || failures % 10 == 0 { logger.error("cannot claim from the shared inbox; retrying", ["error": "\(error)", "failures": failures]) }
                }
                try await waitForWork(backOff: failures > 0)
            }
        }
    }

    /// Gives back the claims not handed to the dispatcher (album parts still waiting are kept: their
    /// updates are recorded already).
    func releaseHeld() async {
        for claim in await books.held.takeAll() { try? await shared.release(claim) }
        for chatKey in await books.held.takeAlbumChats() { try? await shared.releaseChat(chatKey) }
    }

    private func take(_ claim: SharedInboxClaim, group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        if claim.setAside {
            logger.error("update set aside: it crashed workers too often", ["update": claim.externalID, "chat": claim.chatKey])
            return
        }
        guard let id = Int64(claim.externalID), let json = try? JSON.parse(claim.payload), let update = TelegramUpdate(json) else {
            logger.debug("shared inbox row needs no handling", ["update": claim.externalID])
            do { _ = try await shared.complete(claim, outbox: [], attemptKind: nil, now: clock.now()) } catch {
                logger.warning("cannot record an unreadable update", ["update": claim.externalID, "error": "\(error)"])
            }
            return
        }
        await books.held.hold(id, claim)
        // Every start is recorded here: workers share the attempt rows, and no one worker's fetch mark covers a claim.
        await intake.take(update, mode: .armed, group: &group)
    }

    /// Waits for a completion here, news from another worker, the next album deadline or the check interval.
    private func waitForWork(backOff: Bool) async throws {
        var seconds = backOff ? 2 : 1.0
        if let album = await books.held.nextAlbumDeadline { seconds = min(seconds, max(0, album.timeIntervalSince(clock.now()))) }
        await books.wakeUp.wait(upTo: seconds, clock: clock)
        try Task.checkCancellation()
    }
}

/// An album this worker collects: its chat stays leased here until the album's replies are written.
struct KeptAlbum: Sendable, Hashable {
    /// The inbox chat key.
    let chatKey: String
    /// Telegram's `media_group_id`.
    let mediaGroupID: String
}

/// The claims a worker holds while their updates are handled, and the albums being collected.
actor HeldClaims {
    private var claims: [Int64: SharedInboxClaim] = [:]
    private var albums: AlbumCollector
    /// Albums still collecting parts, by `AlbumPart.groupID`.
    private var keptAlbums: [String: KeptAlbum] = [:]
    /// Update id of each kept album's parts → its album (until the album's replies are written).
    private var keptParts: [Int64: (group: String, album: KeptAlbum)] = [:]

    init(albumWindow: TimeInterval) {
        albums = AlbumCollector(window: albumWindow)
    }

    var count: Int { claims.count }
    var all: [SharedInboxClaim] { Array(claims.values) }

    func hold(_ id: Int64, _ claim: SharedInboxClaim) { claims[id] = claim }
    func holds(_ claim: SharedInboxClaim) -> Bool { claims.values.contains(claim) }
    func take(_ id: Int64) -> SharedInboxClaim? { claims.removeValue(forKey: id) }

    func takeAll() -> [SharedInboxClaim] {
        defer { claims = [:] }
        return Array(claims.values)
    }

    func addAlbumPart(_ part: AlbumPart, now: Date) { albums.add(part, now: now) }

    /// Notes that `part` was recorded with its chat kept for the rest of `album`.
    func keep(_ album: KeptAlbum, part: AlbumPart) {
        keptAlbums[part.groupID] = album
        keptParts[part.updateID] = (part.groupID, album)
    }

    /// Albums whose next parts this worker claims itself.
    var collecting: [KeptAlbum] { Array(Set(keptAlbums.values)) }

    /// Albums due for handling; they take no more parts.
    func takeDueAlbums(now: Date) -> [Album] {
        let due = albums.takeDue(now: now)
        for album in due { for id in album.updateIDs { if let group = keptParts[id]?.group { keptAlbums[group] = nil } } }
        return due
    }

    /// The chats kept for the albums of `updateIDs`, forgotten here (their replies are written).
    func endAlbums(_ updateIDs: [Int64]) -> [String] {
        var chats: Set<String> = []
        for id in updateIDs { if let kept = keptParts.removeValue(forKey: id) { chats.insert(kept.album.chatKey) } }
        return Array(chats)
    }

    /// Every kept chat (shutting down), forgotten here.
    func takeAlbumChats() -> [String] {
        defer { keptAlbums = [:]; keptParts = [:] }
        return Array(Set(keptParts.values.map(\.album.chatKey)))
    }
    var nextAlbumDeadline: Date? { albums.nextDeadline }
}

/// The shared inbox's bookkeeping: a handled update's claim is completed in the transaction that
/// writes its replies, and the elected sender (perhaps this worker) picks the replies up.
struct ClaimBookkeeping: UpdateBookkeeping {
    let poller: TelegramPoller
    let shared: any SharedInbox
    let held: HeldClaims
    /// Fired when a claim completes (a slot is free, and the chat's next update may be claimable).
    let wakeUp = InboxWakeUp()

    func complete(_ ids: [Int64], batch: OutboxBatch?, armed: Bool) async {
        var drafts = batch?.take() ?? []
        do {
            for id in ids {
                guard let claim = await held.take(id) else { continue }
                // The first claim carries the replies; an album's other parts were recorded when they arrived.
                // The elected sender reads the rows in id order when the commit notifies it (`TelegramSender.pickUp`).
                _ = try await shared.complete(claim, outbox: drafts, attemptKind: TelegramPoller.attemptKind, now: poller.clock.now())
                drafts = []
            }
            // An album's parts were all recorded on arrival: its replies go in on their own, then its chat is free.
            if !drafts.isEmpty { _ = try await poller.store.enqueueOutbox(drafts, now: poller.clock.now()) }
            for chatKey in await held.endAlbums(ids) { try await shared.releaseChat(chatKey) }
        } catch {
            poller.logger.error("cannot record handled updates; their chat goes to another worker when the lease ends", [
                "update": ids.map(String.init).joined(separator: ","), "error": "\(error)",
            ])
        }
        wakeUp.fire()
    }

    /// An album part is recorded at once, and its chat stays leased here, so the album's next parts
    /// come to this worker (not another, which would split the album); the part waits here for the
    /// rest of its album, and the chat is freed once the album's replies are written. A crash in the
    /// album window loses the album (its parts are recorded), and the chat waits out its lease.
    func addAlbumPart(_ part: AlbumPart, now: Date) async {
        if let claim = await held.take(part.updateID) {
            let group = (try? JSON.parse(claim.payload))?["message"]?["media_group_id"]?.string
            do {
                if let group {
                    try await shared.recordAlbumPart(claim, attemptKind: TelegramPoller.attemptKind, now: now)
                    await held.keep(KeptAlbum(chatKey: claim.chatKey, mediaGroupID: group), part: part)
                } else {
                    _ = try await shared.complete(claim, outbox: [], attemptKind: TelegramPoller.attemptKind, now: now)
                }
            } catch {
                poller.logger.warning("cannot record an album part", ["update": part.updateID, "error": "\(error)"])
            }
        }
        await held.addAlbumPart(part, now: now)
        wakeUp.fire()
    }

    func takeDueAlbums(now: Date) async -> [Album] { await held.takeDueAlbums(now: now) }
    func nextAlbumDeadline() async -> Date? { await held.nextAlbumDeadline }
}
