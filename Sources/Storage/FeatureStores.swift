import Closet
import Foundation
import JSON
import Schedule

// The features' storage, one protocol per concern (issue #16). `Store` (SQLite) implements every one;
// `Scale.PostgresStore` implements them on PostgreSQL. Features see only `any WardrobeStore`.
// Requirements carry every parameter; the defaults (`now`, `offset`…) are in the extensions below, so
// a call reads the same on either backend.

/// The pieces of a user's closet, numbered per user.
public protocol ClosetStore: Sendable {
    func items(userID: Int64) async throws -> [ClosetItem]
    func item(userID: Int64, number: Int) async throws -> ClosetItem?
    func addItem(_ item: ClosetItem, userID: Int64) async throws -> ClosetItem
    func importItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem]
    func addItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem]
    func updateItem(_ item: ClosetItem, userID: Int64) async throws
    func removeItem(userID: Int64, number: Int) async throws -> Bool
    func setAvailable(_ available: Bool, userID: Int64, number: Int) async throws -> Bool
}

/// A user's images, content-addressed by SHA-256, and the thumbnails cached from them.
public protocol ImageStore: Sendable {
    func saveImage(_ bytes: [UInt8], userID: Int64, mimeType: String, width: Int?, height: Int?, now: Date) async throws -> ImageRecord
    func image(userID: Int64, sha256: String) async throws -> ImageRecord?
    func imageBytes(userID: Int64, sha256: String) async throws -> [UInt8]
    /// The cached `side`-pixel thumbnail, or nil when none was made yet.
    func thumbnail(userID: Int64, sha256: String, side: Int) async -> [UInt8]?
    /// Caches a thumbnail made from the image `sha256`.
    func saveThumbnail(_ bytes: [UInt8], userID: Int64, sha256: String, side: Int) async throws
    /// Deletes stored image bytes (and their thumbnails) that no user's image record names any more and
    /// that were stored before `cutoff` (housekeeping: what a crash or a racing deletion left behind).
    /// Safe while other workers save and prune. Returns how many images were removed.
    func pruneUnusedImages(storedBefore cutoff: Date) async throws -> Int
}

/// The wear log behind `/wore` and `/stats`.
public protocol WearStore: Sendable {
    func recordWears(userID: Int64, itemIDs: [Int64], on date: LocalDate, at instant: Date, source: WearSource, now: Date) async throws -> WearOutcome
    func wears(userID: Int64, since: LocalDate?) async throws -> [WearRecord]
    func wears(userID: Int64, itemID: Int64) async throws -> [WearRecord]
    func lastWearDates(userID: Int64) async throws -> [Int64: LocalDate]
}

/// A user's data as a whole: `/export` and `/forget`.
public protocol AccountStore: Sendable {
    func closetExport(userID: Int64) async throws -> ClosetExport
    /// Deletes the user and everything theirs: closet, images, looks, wears, schedules, ballots.
    func deleteUser(id: Int64) async throws
}

/// Try-on results ("looks"), numbered per user.
public protocol LookStore: Sendable {
    func saveLooks(_ looks: [LookRecord], finishingJob jobID: Int64, result: JSON, now: Date) async throws -> [LookRecord]?
    func addLook(_ look: LookRecord) async throws -> LookRecord
    func look(userID: Int64, number: Int) async throws -> LookRecord?
    func looks(userID: Int64, limit: Int, offset: Int) async throws -> [LookRecord]
    func lookCount(userID: Int64) async throws -> Int
    func lastVariation(userID: Int64, batchID: String) async throws -> Int
    func setFavourite(_ favourite: Bool, userID: Int64, number: Int) async throws -> Bool
    func deleteLook(userID: Int64, number: Int) async throws -> LookRecord?
    func setGroupPick(userID: Int64, lookNumber: Int) async throws -> Bool
}

/// Background jobs (try-ons): queued, claimed, retried, delivered once.
public protocol JobStore: Sendable {
    func enqueueJob(kind: String, userID: Int64, chatID: Int64?, payload: JSON, notBefore: Date?, now: Date) async throws -> JobRecord
    func job(id: Int64) async throws -> JobRecord?
    func claimJob(kind: String, globalLimit: Int, now: Date) async throws -> JobRecord?
    func retryJob(id: Int64, notBefore: Date, error: String, now: Date) async throws -> Bool
    func requeueJob(id: Int64, now: Date) async throws -> Bool
    func failJob(id: Int64, error: String, now: Date) async throws -> Bool
    func cancelJob(id: Int64, now: Date) async throws -> JobRecord?
    func claimDelivery(jobID: Int64, now: Date) async throws -> Bool
    /// Keeps a claimed job this worker's while it runs: call every third of the store's lease. False
    /// when the job is no longer this worker's to finish (cancelled, or recovered by another worker
    /// after the lease expired): stop working on it.
    func renewJobLease(id: Int64, now: Date) async throws -> Bool
    /// Takes back jobs left `running` by a worker that is gone: on SQLite every running job (one
    /// process), on PostgreSQL only those whose lease expired. Also lists finished, undelivered jobs.
    func recoverJobs(kind: String, failure: String, now: Date) async throws -> JobRecovery
    func nextJobDate(kind: String) async throws -> Date?
    func jobs(userID: Int64, kind: String, since: Date) async throws -> [JobRecord]
    func activeJobs(userID: Int64, kind: String) async throws -> [JobRecord]
    /// Deletes jobs that ended before `cutoff`: failed, cancelled, or done and delivered (a result still to
    /// deliver is kept). Returns how many (housekeeping).
    func pruneJobs(finishedBefore cutoff: Date) async throws -> Int
}

/// Group votes and their ballots.
public protocol VoteStore: Sendable {
    func openVote(chatID: Int64, starterID: Int64, kind: String, subject: JSON, optionCount: Int, closesAt: Date, now: Date) async throws -> VoteRecord
    func setVoteMessage(voteID: Int64, messageRef: String?, pollRef: String?) async throws
    func vote(id: Int64) async throws -> VoteRecord?
    func openVote(chatID: Int64) async throws -> VoteRecord?
    func openVote(chatID: Int64, pollID: String) async throws -> VoteRecord?
    func castBallot(voteID: Int64, voter: String, option: Int?, source: String, now: Date) async throws
    func ballots(voteID: Int64) async throws -> [BallotRecord]
    func dueVotes(now: Date) async throws -> [VoteRecord]
    func nextVoteClose() async throws -> Date?
    func finishVote(id: Int64, state: VoteState, winner: Int?, now: Date) async throws -> Bool
    func breakTie(voteID: Int64, winner: Int, now: Date) async throws -> Bool
    /// The `transport:external id` keys of the chat's members active since `since`.
    func activeMemberKeys(chatID: Int64, since: Date) async throws -> [String]
}

/// Daily-outfit subscriptions and the once-per-local-day send marker.
public protocol ScheduleStore: Sendable {
    func saveSchedule(chatID: Int64, userID: Int64, localTime: String, occasion: String, days: Weekdays, now: Date) async throws -> ScheduleRecord
    func schedule(chatID: Int64, userID: Int64) async throws -> ScheduleRecord?
    func deleteSchedule(chatID: Int64, userID: Int64) async throws -> Bool
    func activeSchedules() async throws -> [ScheduleRecord]
    func claimDailySend(scheduleID: Int64, localDate: String, items: [Int64]) async throws -> Bool
    func pauseSchedule(id: Int64) async throws -> Bool
    func pauseSchedules(transport: String, chatExternalID: String) async throws -> Int
    /// Deletes the once-per-day send markers of local days before the UTC day of `cutoff`; returns how
    /// many (housekeeping). A marker matters only on its own local day.
    func pruneDailySends(before cutoff: Date) async throws -> Int
}

/// What a transport remembers about messages it sent: the buttons behind them, uploaded file ids, polls.
public protocol TransportCacheStore: Sendable {
    func recordChoices(transport: String, messageID: String, chatExternalID: String, tokens: JSON, now: Date) async throws
    func sentChoices(transport: String, messageID: String) async throws -> SentChoicesRecord?
    func deleteChoices(transport: String, messageID: String) async throws
    func pruneChoices(olderThan cutoff: Date) async throws
    func telegramFileID(sha256: String) async throws -> String?
    func saveTelegramFileID(_ fileID: String, sha256: String, now: Date) async throws
    func forgetTelegramFileID(sha256: String) async throws
    func saveTelegramPoll(pollID: String, chatID: String, kind: ChatKind, messageID: String, now: Date) async throws
    func telegramPollChat(pollID: String) async throws -> (chatID: String, kind: ChatKind, messageID: String?)?
}

/// Everything the bot stores: the chat core's protocols and the features'.
public protocol WardrobeStore: ChatStore, ClosetStore, ImageStore, WearStore, AccountStore, LookStore, JobStore, VoteStore,
    ScheduleStore, TransportCacheStore {}

extension Store: WardrobeStore {}

extension ImageStore {
    public func saveImage(_ bytes: [UInt8], userID: Int64, mimeType: String, width: Int?, height: Int?) async throws -> ImageRecord {
        try await saveImage(bytes, userID: userID, mimeType: mimeType, width: width, height: height, now: Date())
    }
}

extension WearStore {
    public func wears(userID: Int64) async throws -> [WearRecord] { try await wears(userID: userID, since: nil) }
}

extension LookStore {
    public func saveLooks(_ looks: [LookRecord], finishingJob jobID: Int64, result: JSON = [:]) async throws -> [LookRecord]? {
        try await saveLooks(looks, finishingJob: jobID, result: result, now: Date())
    }
    public func saveLooks(_ looks: [LookRecord], finishingJob jobID: Int64, now: Date) async throws -> [LookRecord]? {
        try await saveLooks(looks, finishingJob: jobID, result: [:], now: now)
    }
    public func looks(userID: Int64, limit: Int) async throws -> [LookRecord] { try await looks(userID: userID, limit: limit, offset: 0) }
}

extension JobStore {
    public func enqueueJob(kind: String, userID: Int64, chatID: Int64?, payload: JSON, notBefore: Date? = nil) async throws -> JobRecord {
        try await enqueueJob(kind: kind, userID: userID, chatID: chatID, payload: payload, notBefore: notBefore, now: Date())
    }
    public func enqueueJob(kind: String, userID: Int64, chatID: Int64?, payload: JSON, now: Date) async throws -> JobRecord {
        try await enqueueJob(kind: kind, userID: userID, chatID: chatID, payload: payload, notBefore: nil, now: now)
    }
    public func claimJob(kind: String, globalLimit: Int) async throws -> JobRecord? {
        try await claimJob(kind: kind, globalLimit: globalLimit, now: Date())
    }
    public func retryJob(id: Int64, notBefore: Date, error: String) async throws -> Bool {
        try await retryJob(id: id, notBefore: notBefore, error: error, now: Date())
    }
    public func requeueJob(id: Int64) async throws -> Bool { try await requeueJob(id: id, now: Date()) }
    public func failJob(id: Int64, error: String) async throws -> Bool { try await failJob(id: id, error: error, now: Date()) }
    public func cancelJob(id: Int64) async throws -> JobRecord? { try await cancelJob(id: id, now: Date()) }
    public func claimDelivery(jobID: Int64) async throws -> Bool { try await claimDelivery(jobID: jobID, now: Date()) }
    public func renewJobLease(id: Int64) async throws -> Bool { try await renewJobLease(id: id, now: Date()) }
    public func recoverJobs(kind: String, failure: String) async throws -> JobRecovery {
        try await recoverJobs(kind: kind, failure: failure, now: Date())
    }
}

extension TransportCacheStore {
    public func recordChoices(transport: String, messageID: String, chatExternalID: String, tokens: JSON) async throws {
        try await recordChoices(transport: transport, messageID: messageID, chatExternalID: chatExternalID, tokens: tokens, now: Date())
    }
    public func saveTelegramFileID(_ fileID: String, sha256: String) async throws {
        try await saveTelegramFileID(fileID, sha256: sha256, now: Date())
    }
    public func saveTelegramPoll(pollID: String, chatID: String, kind: ChatKind, messageID: String) async throws {
        try await saveTelegramPoll(pollID: pollID, chatID: chatID, kind: kind, messageID: messageID, now: Date())
    }
}
