import Chat
import Foundation
import JSON
import Storage
import Support
import TryOn

/// What a try-on makes: person + garment, the prompt and service, how many, and where in its batch.
struct TryOnRecipe: Sendable {
    var person: String
    var garment: String
    var promptID: String
    var promptText: String
    var service: TryOnService
    var count: Int
    var batchID: String
    var firstVariation: Int

    init(person: String, garment: String, prompt: Prompt, service: TryOnService, count: Int, batchID: String, firstVariation: Int) {
        self.init(
            person: person, garment: garment, promptID: prompt.id, promptText: prompt.text, service: service, count: count,
            batchID: batchID, firstVariation: firstVariation)
    }

    init(
        person: String, garment: String, promptID: String, promptText: String, service: TryOnService, count: Int, batchID: String,
        firstVariation: Int
    ) {
        self.person = person
        self.garment = garment
        self.promptID = promptID
        self.promptText = promptText
        self.service = service
        self.count = count
        self.batchID = batchID
        self.firstVariation = firstVariation
    }
}

/// Checks key and quota, posts the progress message with Cancel, and queues the job.
struct TryOnStarter {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    func enqueue(_ recipe: TryOnRecipe, context: ChatContext) async throws {
        guard let owner = tryOn.resolver.keyOwner(for: recipe.service, userKey: context.user.key) else {
            throw TryOnError.missingKey(recipe.service)
        }
        var note = ""
        let quota = TryOnQuota(dailyLimit: tryOn.settings.dailyQuota)
        if owner == .operatorKey, quota.dailyLimit > 0 {
            let now = context.clock.now()
            let usage = try await quota.usage(store: context.sqlite, userID: context.user.id, now: now)
            let remaining = usage.remaining ?? 0
            let resets = TryOnQuota.until(usage.resetsAt, from: now)
            guard remaining >= recipe.count else {
                throw UserMessageError(Self.refusal(
                    remaining: remaining, limit: quota.dailyLimit, needed: recipe.count, resets: resets, service: recipe.service))
            }
            note = " \(remaining - recipe.count) of \(quota.dailyLimit) try-ons left today (resets \(resets))."
        }
        let cancel = try await context.button("Cancel", action: "tryon.cancel")
        let what = recipe.count > 1 ? " \(recipe.count) variations" : ""
        let ref = try await context.reply(RichText.plain(context.string("tryon.queued") + what + note), buttons: [[cancel]])
        let payload = TryOnJobPayload(
            personSHA256: recipe.person, garmentSHA256: recipe.garment, promptID: recipe.promptID, promptText: recipe.promptText,
            service: recipe.service, count: recipe.count, batchID: recipe.batchID, firstVariation: recipe.firstVariation,
            ownKey: owner == .user, ticket: cancel.token, progressMessageID: ref?.messageID)
        let job = try await context.sqlite.enqueueJob(
            kind: TryOnJobPayload.kind, userID: context.user.id, chatID: context.chat.id, payload: payload.json, now: context.clock.now())
        context.logger.info("try-on queued", ["job": job.id, "service": recipe.service.rawValue, "count": recipe.count])
        tryOn.worker.wake()
    }

    /// Why a run over the daily quota is refused, with the next step: fewer variations if some are
    /// left, else the reset time or an own key.
    static func refusal(remaining: Int, limit: Int, needed: Int, resets: String, service: TryOnService) -> String {
        let ownKey = "Or bring your own key: /key \(service.rawValue) YOUR_KEY in a private chat."
        if remaining == 0 {
            let used = limit == 1 ? "You've used today's one try-on." : "You've used all \(limit) try-ons for today."
            return "\(used) They reset at midnight UTC (\(resets)). \(ownKey)"
        }
        let left = remaining == 1 ? "Only 1 of today's \(limit) try-ons is left" : "Only \(remaining) of today's \(limit) try-ons are left"
        let fewer = [4, 2, 1].first { $0 <= remaining } ?? 1
        return "\(left), and this needs \(needed). Send /tryon \(fewer) to make \(fewer == 1 ? "one" : "\(fewer)"). \(ownKey)"
    }
}
