import Chat
import Foundation
import JSON
import Localization
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
            let usage = try await quota.usage(store: context.data, userID: context.user.id, now: now)
            let remaining = usage.remaining ?? 0
            let resets = Self.resets(at: usage.resetsAt, from: now, context.phrasebook)
            guard remaining >= recipe.count else {
                throw UserMessageError(Self.refusal(
                    remaining: remaining, limit: quota.dailyLimit, needed: recipe.count, resets: resets, service: recipe.service,
                    context.phrasebook))
            }
            note = " " + context.string("tryon.quota.note", [
                "left": .integer(remaining - recipe.count), "limit": .integer(quota.dailyLimit), "resets": .text(resets),
            ])
        }
        let cancel = try await context.button(context.string("tryon.button.cancel"), action: .tryOnCancel)
        let what = recipe.count > 1 ? " " + context.string("tryon.queued.variations", ["count": .integer(recipe.count)]) : ""
        let ref = try await context.reply(RichText.plain(context.string("tryon.queued") + what + note), buttons: [[cancel]])
        let payload = TryOnJobPayload(
            personSHA256: recipe.person, garmentSHA256: recipe.garment, promptID: recipe.promptID, promptText: recipe.promptText,
            service: recipe.service, count: recipe.count, batchID: recipe.batchID, firstVariation: recipe.firstVariation,
            ownKey: owner == .user, ticket: cancel.token, progressMessageID: ref?.messageID)
        let job = try await context.data.enqueueJob(
            kind: TryOnJobPayload.kind, userID: context.user.id, chatID: context.chat.id, payload: payload.json, now: context.clock.now())
        context.logger.info("try-on queued", ["job": job.id, "service": recipe.service.rawValue, "count": recipe.count])
        tryOn.worker.wake()
    }

    /// Why a run over the daily quota is refused, with the next step: fewer variations if some are
    /// left, else the reset time or an own key.
    static func refusal(remaining: Int, limit: Int, needed: Int, resets: String, service: TryOnService, _ words: Phrasebook) -> String {
        let ownKey = words.string("tryon.quota.own_key", ["code": .text(service.rawValue)])
        if remaining == 0 {
            let used = words.string(limit == 1 ? "tryon.quota.used_one" : "tryon.quota.used_all", ["limit": .integer(limit)])
            return used + " " + words.string("tryon.quota.reset", ["resets": .text(resets)]) + " " + ownKey
        }
        let left = words.string("tryon.quota.left", ["count": .integer(remaining), "limit": .integer(limit), "needed": .integer(needed)])
        let fewer = [4, 2, 1].first { $0 <= remaining } ?? 1
        return left + " " + words.string("tryon.quota.fewer", ["count": .integer(fewer)]) + " " + ownKey
    }

    /// "in 3 h 20 min", "in 45 min": how long until the quota resets, in the reader's language.
    static func resets(at date: Date, from now: Date, _ words: Phrasebook) -> String {
        let minutes = max(1, Int((date.timeIntervalSince(now) / 60).rounded(.up)))
        guard minutes >= 60 else { return words.string("tryon.quota.in_minutes", ["minutes": .integer(minutes)]) }
        if minutes % 60 >= 1 && minutes < 600 {
            return words.string("tryon.quota.in_hours_minutes", ["hours": .integer(minutes / 60), "minutes": .integer(minutes % 60)])
        }
        return words.string("tryon.quota.in_hours", ["hours": .integer(minutes / 60)])
    }
}
