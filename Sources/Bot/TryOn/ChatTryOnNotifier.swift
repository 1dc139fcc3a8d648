import Chat
import Foundation
import Images
import Localization
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
    /// The catalogs the notices are written from, in the job owner's language.
    var catalogs: Catalogs = .builtIn

    private var store: any WardrobeStore { get throws(StorageError) { try outbound.data } }

    /// The words of the job's owner: their chosen language, else their app's last seen, else English.
    private func words(_ job: TryOnJob) async -> Phrasebook {
        let user = try? await store.user(id: job.record.userID)
        return Phrasebook(catalogs: catalogs, language: user.map(ChatContext.language(of:)) ?? .en)
    }

    func started(_ job: TryOnJob) async {
        await chatAction(job)
        let words = await words(job)
        await progress(job, words.string("tryon.generating"), cancel: true, words: words)
    }

    func stillRunning(_ job: TryOnJob, elapsed: Int) async {
        await chatAction(job)
        let words = await words(job)
        await progress(job, words.string("tryon.generating.seconds", ["seconds": .integer(elapsed)]), cancel: true, editOnly: true, words: words)
    }

    func retrying(_ job: TryOnJob, error: TryOnError, delay: Double) async {
        let words = await words(job)
        await progress(job, words.string(ErrorMessages.retrying(error, delay: delay)), cancel: true, words: words)
    }

    func requeued(_ job: TryOnJob) async {
        let words = await words(job)
        await progress(job, words.string("tryon.requeued"), cancel: true, words: words)
    }

    func cancelled(_ job: TryOnJob) async {
        let words = await words(job)
        await progress(job, words.string("tryon.cancelled"), cancel: false, words: words)
    }

    func failed(_ job: TryOnJob, error: any Error) async {
        guard let chatID = job.record.chatID else { return }
        let words = await words(job)
        let message = ErrorMessages.message(for: error, words).map(words.string)
            ?? (error as? any UserFacingError)?.userMessage ?? words.string("tryon.failed")
        let again = try? await LookButtons.again(
            job: job.id, chatID: chatID, userID: job.record.userID, store: store, now: outbound.clock.now(), words: words)
        await progress(job, message, cancel: false, extra: again.map { [[$0]] } ?? [], words: words)
    }

    func deliver(_ job: TryOnJob, looks: [LookRecord], seconds: Double) async {
        let log = logger.with("job", job.id)
        guard let chat = await chat(of: job), !looks.isEmpty else {
            log.warning("finished look has no chat to go to")
            return
        }
        // The progress message's last state is queued before the result, so it supersedes any
        // progress edit still waiting for the chat's pace: a stale "Generating…" never follows the look.
        let words = await words(job)
        await progress(job, TryOnText.done(looks, seconds: seconds, words), cancel: false, editOnly: true, words: words)
        do {
            if let voting, chat.kind == .group, looks.count > 1 {
                try await startVote(voting, looks: looks, chat: chat, job: job, seconds: seconds, words: words)
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
                for: looks, chatID: chat.id, userID: job.record.userID, store: store, now: outbound.clock.now(), words: words)
            try await outbound.send(
                .photos(photos, caption: TryOnText.resultCaption(looks, seconds: seconds, words), buttons: buttons), to: chat,
                userID: job.record.userID)
            log.info("looks delivered", ["looks": looks.count])
        } catch {
            log.error("cannot deliver looks", ["error": "\(error)"])
            await progress(job, words.string("tryon.deliver_failed", ["number": .text(String(looks[0].number))]), cancel: false, words: words)
        }
    }

    /// Sends the variations numbered 1…n side by side in one picture, then opens the group's vote on them.
    private func startVote(
        _ voting: GroupVoting, looks: [LookRecord], chat: ChatRecord, job: TryOnJob, seconds: Double, words: Phrasebook
    ) async throws {
        var options: [VoteOptionPicture] = []
        for look in looks { options.append(.photo(try await store.imageBytes(userID: look.userID, sha256: look.resultSHA256))) }
        let option = { (key: String, index: Int, look: LookRecord) in
            words.string(key, ["option": .integer(index + 1), "number": .text(String(look.number))])
        }
        let numbering = looks.enumerated().map { option("vote.look.caption", $0.offset, $0.element) }.joined(separator: "\n")
        let caption = TryOnText.resultCaption(looks, seconds: seconds, words) + .plain("\n" + numbering)
        let sheet = try await images.voteSheet(options).image
        try await outbound.send(.photos([OutfitPicture.outgoing(sheet)], caption: caption), to: chat, userID: nil)
        let question = try await store.user(id: job.record.userID)?.displayName.map { words.string("vote.look.question", ["name": .text($0)]) }
            ?? words.string("vote.look.question_anonymous")
        try await voting.open(
            .looks(looks.map(\.number)), question: question, options: looks.enumerated().map { option("vote.look.option", $0.offset, $0.element) }, chat: chat,
            starterID: job.record.userID, language: words.language)
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
    private func progress(_ job: TryOnJob, _ text: String, cancel: Bool, editOnly: Bool = false, extra: [[Button]] = [], words: Phrasebook) async {
        guard let chat = await chat(of: job), let capabilities = outbound.capabilities(of: chat) else { return }
        var buttons = extra
        if cancel, !job.payload.ticket.isEmpty { buttons.insert([Button(title: words.string("tryon.button.cancel"), token: job.payload.ticket)], at: 0) }
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
