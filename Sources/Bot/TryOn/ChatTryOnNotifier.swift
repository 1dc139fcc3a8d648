import Chat
import Foundation
import Images
import Storage
import Support
import TryOn

/// Tells the chat how a try-on job is going: one progress message edited in place, the chat
/// action while generating, and the result photo or album with its buttons.
///
/// Transports without edits (the console) get a new message only when the state changes, never
/// for the seconds ticking by.
struct ChatTryOnNotifier: TryOnNotifier {
    let outbound: OutboundMessenger
    let images: ImageProcessor
    let prompts: PromptCatalog
    let logger: Logger
    /// Group votes: several variations in a group go to a vote instead of per-look buttons.
    var voting: GroupVoting?

    private var store: any WardrobeStore { get throws(StorageError) { try outbound.data } }

    func started(_ job: TryOnJob) async {
        await chatAction(job)
        await progress(job, TryOnText.generating, cancel: true)
    }

    func stillRunning(_ job: TryOnJob, elapsed: Int) async {
        await chatAction(job)
        await progress(job, TryOnText.generating(seconds: elapsed), cancel: true, editOnly: true)
    }

    func retrying(_ job: TryOnJob, error: TryOnError, delay: Double) async {
        await progress(job, error.retryMessage(in: delay), cancel: true)
    }

    func requeued(_ job: TryOnJob) async {
        await progress(job, TryOnText.requeued, cancel: true)
    }

    func cancelled(_ job: TryOnJob) async {
        await progress(job, TryOnText.cancelled, cancel: false)
    }

    func failed(_ job: TryOnJob, message: String) async {
        guard let chatID = job.record.chatID else { return }
        let again = try? await LookButtons.again(job: job.id, chatID: chatID, userID: job.record.userID, store: store, now: outbound.clock.now())
        await progress(job, message, cancel: false, extra: again.map { [[$0]] } ?? [])
    }

    func deliver(_ job: TryOnJob, looks: [LookRecord], seconds: Double) async {
        let log = logger.with("job", job.id)
        guard let chat = await chat(of: job), !looks.isEmpty else {
            log.warning("finished look has no chat to go to")
            return
        }
        // The progress message's last state is queued before the result, so it supersedes any
        // progress edit still waiting for the chat's pace: a stale "Generating…" never follows the look.
        await progress(job, TryOnText.done(looks, seconds: seconds), cancel: false, editOnly: true)
        do {
            if let voting, chat.kind == .group, looks.count > 1 {
                try await startVote(voting, looks: looks, chat: chat, job: job, seconds: seconds)
                log.info("looks delivered to a group vote", ["looks": looks.count])
                return
            }
            var photos: [OutgoingImage] = []
            for look in looks {
                let record = try await store.image(userID: look.userID, sha256: look.resultSHA256)
                photos.append(OutgoingImage(
                    bytes: try await store.imageBytes(userID: look.userID, sha256: look.resultSHA256),
                    mimeType: record?.mimeType ?? "image/png", sha256: look.resultSHA256,
                    caption: looks.count > 1 ? .plain("#\(look.number)") : nil, width: record?.width, height: record?.height))
            }
            let buttons = try await LookButtons.make(
                for: looks, chatID: chat.id, userID: job.record.userID, store: store, now: outbound.clock.now())
            try await outbound.send(
                .photos(photos, caption: TryOnText.resultCaption(looks, seconds: seconds), buttons: buttons), to: chat,
                userID: job.record.userID)
            log.info("looks delivered", ["looks": looks.count])
        } catch {
            log.error("cannot deliver looks", ["error": "\(error)"])
            await progress(job, "Your look is ready, but I couldn't send it. See it with /look \(looks[0].number).", cancel: false)
        }
    }

    /// Sends the variations numbered 1…n side by side in one picture, then opens the group's vote on them.
    private func startVote(_ voting: GroupVoting, looks: [LookRecord], chat: ChatRecord, job: TryOnJob, seconds: Double) async throws {
        var options: [VoteOptionPicture] = []
        for look in looks { options.append(.photo(try await store.imageBytes(userID: look.userID, sha256: look.resultSHA256))) }
        let numbering = looks.enumerated().map { "\($0.offset + 1) · look #\($0.element.number)" }.joined(separator: "\n")
        let caption = TryOnText.resultCaption(looks, seconds: seconds) + .plain("\n" + numbering)
        let sheet = try await images.voteSheet(options).image
        try await outbound.send(.photos([OutfitPicture.outgoing(sheet)], caption: caption), to: chat, userID: nil)
        let name = try await store.user(id: job.record.userID)?.displayName ?? "they"
        try await voting.open(
            .looks(looks.map(\.number)), question: "Which look should \(name) keep?",
            options: looks.enumerated().map { "\($0.offset + 1): look #\($0.element.number)" }, chat: chat, starterID: job.record.userID)
    }

    private func chat(of job: TryOnJob) async -> ChatRecord? {
        guard let id = job.record.chatID else { return nil }
        return try? await store.chat(id: id)
    }

    private func chatAction(_ job: TryOnJob) async {
        guard let chat = await chat(of: job) else { return }
        _ = try? await outbound.send(.action(.uploadPhoto), to: chat, userID: nil)
    }

    /// Edits the progress message in place; without edits, sends a new message unless `editOnly`.
    private func progress(_ job: TryOnJob, _ text: String, cancel: Bool, editOnly: Bool = false, extra: [[Button]] = []) async {
        guard let chat = await chat(of: job), let capabilities = outbound.capabilities(of: chat) else { return }
        var buttons = extra
        if cancel, !job.payload.ticket.isEmpty { buttons.insert([Button(title: "Cancel", token: job.payload.ticket)], at: 0) }
        let message: OutgoingMessage
        if capabilities.edits, let id = job.payload.progressMessageID {
            message = .edit(MessageRef(chatID: chat.externalID, messageID: id), RichText.plain(text), buttons: buttons)
        } else if editOnly {
            return
        } else {
            message = .text(RichText.plain(text), buttons: buttons)
        }
        do {
            try await outbound.send(message, to: chat, userID: job.record.userID)
        } catch {
            logger.with("job", job.id).warning("cannot update progress", ["error": "\(error)"])
        }
    }
}
