import Chat
import Foundation
import Images
import JSON
import Localization
import Storage
import Support
import TryOn

/// Group votes on variations: opens them (a native poll where the transport has polls, else a
/// numbered notice), counts ballots, closes them and announces the winner or a tie.
///
/// Everything goes through `OutboundMessenger`, so a vote opened by a try-on job, closed by
/// `VoteCloser` or decided by someone else's ballot reaches the chat the same way, and the
/// starter's tie-break buttons are remembered for the starter on button-less transports.
public struct GroupVoting: Sendable {
    public let outbound: OutboundMessenger
    public let settings: VotingSettings
    let logger: Logger
    /// Draws the winning outfit's picture.
    let images: ImageProcessor
    /// The catalogs the vote's messages are written from, in the starter's language.
    let catalogs: Catalogs
    /// Wakes `VoteCloser` when a vote opens (its deadline may be the earliest).
    let closerSignal = WakeUpSignal()


    public init(
        outbound: OutboundMessenger, settings: VotingSettings, logger: Logger, images: ImageProcessor = ImageProcessor(), catalogs: Catalogs = .builtIn
    ) {
        self.catalogs = catalogs
        self.outbound = outbound
        self.settings = settings
        self.logger = logger
        self.images = images
    }

    var store: any WardrobeStore { get throws(StorageError) { try outbound.data } }
    var clock: any WallClock { outbound.clock }

    /// Why a vote closed, for logs.
    enum CloseReason: String {
        case window, everyoneVoted = "everyone_voted", starter, replaced
    }

    // MARK: Opening

    /// The subject-JSON key holding the language the vote was opened in; its result is announced in it too.
    static let languageKey = "language"

    /// The words of a vote opened in `language`.
    func words(_ language: Language) -> Phrasebook { Phrasebook(catalogs: catalogs, language: language) }

    /// The words of a stored vote: the language it was opened in, else English.
    func words(of vote: VoteRecord) -> Phrasebook { words(Language(tag: vote.subject[Self.languageKey]?.string) ?? .en) }

    /// Opens a vote on `subject` in `chat`: sends the poll with `options` and records it, in `language` (the starter's).
    /// An open vote in the same chat is closed first, so votes in a chat never mix.
    @discardableResult
    func open(
        _ subject: VoteSubject, question: String, options: [String], chat: ChatRecord, starterID: Int64, language: Language
    ) async throws -> VoteRecord {
        if let previous = try await store.openVote(chatID: chat.id) { try await close(previous, reason: .replaced) }
        let now = clock.now()
        let window = settings.windowMinutes(of: chat)
        let closesAt = now.addingTimeInterval(Double(window * 60))
        let vote = try await store.openVote(
            chatID: chat.id, starterID: starterID, kind: subject.kind, subject: subject.json.setting(Self.languageKey, .string(language.rawValue)),
            optionCount: options.count, closesAt: closesAt, now: now)
        let words = words(language)
        let native = outbound.capabilities(of: chat)?.polls ?? false
        var text = question + " " + words.string("vote.closes_in", ["duration": .text(VotingSettings.describe(minutes: window, words))])
        // A numbered notice (Matrix) says how to vote, in the starter's language; a native poll shows it itself.
        if !native { text += "\n" + words.string("vote.numbered_hint") }
        let refs = try await outbound.send(.poll(question: text, options: options, closeDate: closesAt), to: chat, userID: nil)
        // A native poll's answers carry the poll's own id, bound at the first answer; numbered
        // notices (Matrix, console) are voted on by their message id.
        try await store.setVoteMessage(voteID: vote.id, messageRef: refs.first?.messageID, pollRef: native ? nil : refs.first?.messageID)
        closerSignal.fire()
        logger.with("chat", chat.id).info("vote opened", ["vote": vote.id, "options": options.count, "window_minutes": window])
        return vote
    }

    // MARK: Ballots

    /// Records `voter`'s latest choice (`options` empty = taken back) on the open vote of `chat`
    /// that `pollID` belongs to; closes it when every active member has voted. Votes for closed or
    /// unknown polls are ignored.
    func cast(pollID: String, options: [Int], voter: String, source: String, chat: ChatRecord) async throws {
        guard let vote = try await store.openVote(chatID: chat.id, pollID: pollID) else { return }
        let option = options.last.flatMap { (0..<vote.optionCount).contains($0) ? $0 : nil }
        if option == nil, !options.isEmpty { return }
        try await store.castBallot(voteID: vote.id, voter: voter, option: option, source: source, now: clock.now())
        if try await everyoneVoted(vote) { try await close(vote, reason: .everyoneVoted) }
    }

    /// True when every member who spoke in the active period has a ballot.
    func everyoneVoted(_ vote: VoteRecord) async throws -> Bool {
        let members = try await store.activeMemberKeys(chatID: vote.chatID, since: clock.now().addingTimeInterval(-settings.activeMemberPeriod))
        guard !members.isEmpty else { return false }
        let voters = Set(try await store.ballots(voteID: vote.id).map(\.voter))
        return members.allSatisfy(voters.contains)
    }

    // MARK: Closing

    /// Closes every open vote whose window has ended.
    func closeDue() async {
        do {
            for vote in try await store.dueVotes(now: clock.now()) {
                do { try await close(vote, reason: .window) } catch {
                    logger.with("chat", vote.chatID).error("cannot close a vote", ["vote": vote.id, "error": "\(error)"])
                }
            }
        } catch {
            logger.error("cannot read due votes", ["error": "\(error)"])
        }
    }

    /// Closes `vote` (once: a vote closed meanwhile is left alone), stops the native poll and
    /// announces the outcome.
    func close(_ vote: VoteRecord, reason: CloseReason) async throws {
        let tally = VoteTally(ballots: try await store.ballots(voteID: vote.id), optionCount: vote.optionCount)
        let outcome = tally.outcome
        let state: VoteState
        let winner: Int?
        switch outcome {
        case .winner(let option): (state, winner) = (.closed, option)
        case .tie: (state, winner) = (.tied, nil)
        case .noVotes: (state, winner) = (.closed, nil)
        }
        guard try await store.finishVote(id: vote.id, state: state, winner: winner, now: clock.now()) else { return }
        let log = logger.with("chat", vote.chatID)
        log.info("vote closed", ["vote": vote.id, "reason": reason.rawValue, "ballots": tally.total, "state": state.rawValue])
        guard let chat = try await store.chat(id: vote.chatID) else { return }
        let pollMessage = vote.messageRef.map { MessageRef(chatID: chat.externalID, messageID: $0) }
        if let pollMessage, outbound.capabilities(of: chat)?.polls == true {
            do { try await outbound.send(.stopPoll(pollMessage), to: chat, userID: nil) } catch {
                log.notice("cannot stop the poll", ["vote": vote.id, "error": "\(error)"])
            }
        }
        guard let subject = VoteSubject(kind: vote.kind, json: vote.subject) else { return }
        let starter = try await store.user(id: vote.starterID)
        let words = words(of: vote)
        let name = starter?.displayName ?? words.string("vote.the_starter")
        switch outcome {
        case .winner(let option):
            try await announceWinner(option, subject: subject, vote: vote, chat: chat, tally: tally, replyTo: pollMessage, words: words)
        case .tie(let options):
            var buttons: [Button] = []
            for option in options {
                let token = try await store.createButton(
                    chatID: chat.id, userID: vote.starterID, action: ButtonAction.voteTie.rawValue,
                    payload: ["vote": .int(vote.id), "option": .int(Int64(option))], now: clock.now())
                buttons.append(Button(title: words.string("vote.tie.pick", ["option": .integer(option + 1)]), token: token))
            }
            let names = options.map { "\($0 + 1)" }.joined(separator: ", ")
            let text = words.text("vote.tie", [
                "options": .text(names), "votes": .text(VoteTally.votes(tally.counts[options[0]], words)), "name": .text(name),
            ])
            try await outbound.send(.text(text, buttons: [buttons], replyTo: pollMessage), to: chat, userID: vote.starterID)
        case .noVotes:
            try await outbound.send(.text(words.text("vote.no_votes"), replyTo: pollMessage), to: chat, userID: nil)
        }
    }

    /// Decides a tied vote for `option` (pressed by the starter).
    func breakTie(voteID: Int64, option: Int) async throws -> Bool {
        guard let vote = try await store.vote(id: voteID), vote.state == .tied, (0..<vote.optionCount).contains(option),
            try await store.breakTie(voteID: voteID, winner: option, now: clock.now()),
            let chat = try await store.chat(id: vote.chatID), let subject = VoteSubject(kind: vote.kind, json: vote.subject)
        else { return false }
        let tally = VoteTally(ballots: try await store.ballots(voteID: vote.id), optionCount: vote.optionCount)
        try await announceWinner(option, subject: subject, vote: vote, chat: chat, tally: tally, replyTo: nil, words: words(of: vote))
        return true
    }

    /// Says who won, marks the group's pick, and gives the starter the winner's buttons.
    private func announceWinner(
        _ option: Int, subject: VoteSubject, vote: VoteRecord, chat: ChatRecord, tally: VoteTally, replyTo: MessageRef?, words: Phrasebook
    ) async throws {
        let now = clock.now()
        var buttons: [[Button]] = []
        var picture: OutgoingImage?
        switch subject {
        case .looks(let numbers):
            let number = numbers[option]
            try await store.setGroupPick(userID: vote.starterID, lookNumber: number)
            if let look = try await store.look(userID: vote.starterID, number: number) {
                buttons = try await LookButtons.make(for: [look], chatID: chat.id, userID: vote.starterID, store: store, now: now, words: words)
                picture = try await lookImage(look)
            }
        case .outfits(_, let items):
            buttons = [[try await OutfitCard.wearButton(
                itemIDs: items[option], chatID: chat.id, userID: vote.starterID, store: store, now: now, words: words)]]
            let ids = items[option]
            let pieces = try await store.items(userID: vote.starterID).filter { ids.contains($0.id) }
            if !pieces.isEmpty {
                picture = try await OutfitPicture(store: store, images: images, words: words)
                    .image(pieces: pieces, userID: vote.starterID, logger: logger)
            }
        }
        let text = words.text("vote.winner", ["option": .text(subject.name(of: option, words)), "tally": .text(tally.summary(words))])
        // The winner's picture carries the announcement; without one it stays a reply to the poll.
        let message: OutgoingMessage = picture.map { .photos([$0], caption: text, buttons: buttons) }
            ?? .text(text, buttons: buttons, replyTo: replyTo)
        try await outbound.send(message, to: chat, userID: vote.starterID)
    }

    /// The stored result image of a look, ready to send again (its digest lets Telegram reuse the upload).
    private func lookImage(_ look: LookRecord) async throws -> OutgoingImage? {
        guard let bytes = try? await store.imageBytes(userID: look.userID, sha256: look.resultSHA256) else { return nil }
        let record = try await store.image(userID: look.userID, sha256: look.resultSHA256)
        return OutgoingImage(
            bytes: bytes, mimeType: record?.mimeType ?? "image/png", sha256: look.resultSHA256, width: record?.width, height: record?.height)
    }

    // MARK: Status

    /// The `/vote` answer for `chat`: the open vote with its counts, or that there is none.
    func status(of chat: ChatRecord, _ words: Phrasebook) async throws -> RichText {
        guard let vote = try await store.openVote(chatID: chat.id) else { return words.text("vote.none") }
        let tally = VoteTally(ballots: try await store.ballots(voteID: vote.id), optionCount: vote.optionCount)
        let minutes = max(1, Int((vote.closesAt.timeIntervalSince(clock.now()) / 60).rounded(.up)))
        return words.text("vote.open", ["tally": .text(tally.summary(words)), "duration": .text(VotingSettings.describe(minutes: minutes, words))])
    }
}
