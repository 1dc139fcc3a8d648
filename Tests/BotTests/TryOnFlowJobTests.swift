import Chat
import Foundation
import Storage
import Testing
import TryOn
import WardrobeTestKit

@Suite struct TryOnFlowJobTests {
    @Test func cancelStopsTheProviderRequestAndSaysSo() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.provider.script(.hang)
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("provider called") { bot.provider.requests.count == 1 }
        #expect(try await bot.press("Cancel"))
        try await bot.eventually("provider cancelled") { bot.provider.cancellations == 1 }
        try await bot.eventually("job cancelled") { try await bot.jobs().first?.state == .cancelled }
        try await bot.eventually("progress says so") { bot.transport.edits.last == "Cancelled." }
        #expect(bot.transport.photoMessages.isEmpty)
        #expect(try await bot.looks().isEmpty)
    }

    @Test func cancellingAQueuedJobEditsTheProgressMessage() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        // No worker: the job stays queued.
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        #expect(try await bot.press("Cancel"))
        #expect(try await bot.jobs().first?.state == .cancelled)
        #expect(bot.transport.edits.last == "Cancelled.")
        bot.startWorker()
        try await Task.sleep(for: .milliseconds(200))
        #expect(bot.provider.requests.isEmpty)
    }

    @Test func aRejectedKeyFailsAtOnceWithItsMessage() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.provider.script(.fail(.invalidKey(.openrouter)))
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("job failed") { try await bot.jobs().first?.state == .failed }
        #expect(bot.provider.requests.count == 1)
        #expect(try await bot.jobs().first?.attempts == 1)
        try await bot.eventually("message") { bot.transport.edits.last == TryOnError.invalidKey(.openrouter).userMessage }
        #expect(bot.transport.edits.last?.contains("/key openrouter") == true)
        #expect(bot.transport.button("Again") != nil)
    }

    @Test func aSafetyBlockIsNotRetried() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.provider.script(.fail(.safetyBlocked(.openrouter, reason: "nudity")))
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("job failed") { try await bot.jobs().first?.state == .failed }
        bot.clock.advance(by: 600)
        try await Task.sleep(for: .milliseconds(100))
        #expect(bot.provider.requests.count == 1)
        try await bot.eventually("message") { bot.transport.edits.last == "The service's safety filter blocked this image. Try a different photo." }
    }

    @Test func aRateLimitIsRetriedAfterItsDelayThenSucceeds() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.provider.script(.fail(.rateLimited(.openrouter, retryAfter: 20)), .succeed(.webp))
        bot.startWorker()
        let start = bot.clock.now()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("retry scheduled") { try await bot.jobs().first?.state == .queued && bot.provider.requests.count == 1 }
        let job = try #require(try await bot.jobs().first)
        #expect(job.notBefore == start.addingTimeInterval(20))
        try await bot.eventually("busy message") { bot.transport.edits.last == "Busy — retrying in 20 s." }
        bot.clock.advance(by: 19)
        try await Task.sleep(for: .milliseconds(150))
        #expect(bot.provider.requests.count == 1)
        bot.clock.advance(by: 1)
        try await bot.eventually("delivered") { bot.transport.photoMessages.count == 1 }
        #expect(bot.provider.requests.count == 2)
        #expect(try await bot.jobs().first?.attempts == 2)
        #expect(bot.transport.photoMessages.first?.images.first?.mimeType == "image/webp")
    }

    @Test func aSlowProviderTimesOutAndIsRetried() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.provider.script(.hang)
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("provider called") { bot.provider.requests.count == 1 }
        bot.clock.advance(by: 180)
        try await bot.eventually("provider cancelled by the timeout") { bot.provider.cancellations == 1 }
        try await bot.eventually("queued for retry") { try await bot.jobs().first?.state == .queued }
        #expect(try await bot.jobs().first?.error == TryOnError.timeout(.openrouter).description)
        bot.clock.advance(by: 120)
        try await bot.eventually("delivered") { bot.transport.photoMessages.count == 1 }
    }

    @Test func theDailyQuotaStopsOperatorKeyTryOnsButNotOwnKeys() async throws {
        let bot = try TryOnHarness(dailyQuota: 1)
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        #expect(bot.transport.texts.first { $0.hasPrefix("Queued…") }?.contains("0 of 1 try-ons left today") == true)
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        await bot.photos([try TryOnHarness.garment(seed: 3)], caption: "wear")
        let refusal = try #require(bot.transport.texts.last)
        #expect(refusal.hasPrefix("You've used today's one try-on. They reset at midnight UTC (in "))
        #expect(refusal.contains("/key openrouter YOUR_KEY"))
        #expect(try await bot.jobs().count == 1)
        // With their own key the user is not limited, and the provider gets that key.
        await bot.command("key", "openrouter sk-own-key-98765")
        await bot.command("tryon")
        await bot.photos([try TryOnHarness.garment(seed: 3)], caption: "wear")
        try await bot.eventually("own-key look") { try await bot.looks().count == 2 }
        #expect(bot.provider.keys.last == "sk-own-key-98765")
    }

    @Test func aQueuedJobRunsAfterARestartAndIsDeliveredOnce() async throws {
        let first = try TryOnHarness()
        await first.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        #expect(try await first.jobs().first?.state == .queued)
        // "Restart": a new bot on the same data folder.
        let second = try TryOnHarness(transport: first.transport, store: (first.store, first.folder))
        defer { Task { await second.close() } }
        second.startWorker()
        try await second.eventually("delivered") { first.transport.photoMessages.count == 1 }
        await second.stopWorker()
        second.startWorker()
        try await Task.sleep(for: .milliseconds(200))
        #expect(first.transport.photoMessages.count == 1)
        #expect(try await second.looks().count == 1)
    }

    @Test func aJobLeftRunningByACrashIsQueuedAgainOnceThenFailed() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        // The crashed process had claimed it.
        let claimed = try #require(try await bot.store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: bot.clock.now()))
        bot.startWorker()
        try await bot.eventually("delivered") { bot.transport.photoMessages.count == 1 }
        #expect(bot.transport.edits.contains(TryOnText_requeued))
        #expect(bot.transport.photoMessages.count == 1)
        #expect(try await bot.store.job(id: claimed.id)?.payload["restarts"]?.int == 1)
        await bot.stopWorker()

        // A second job crashes twice: the second time it fails with a clear message.
        await bot.photos([try TryOnHarness.garment(seed: 8)], caption: "wear")
        let again = try #require(try await bot.store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: bot.clock.now()))
        _ = try await bot.store.recoverJobs(kind: TryOnJobPayload.kind, failure: TryOnWorker.restartFailure, now: bot.clock.now())
        _ = try await bot.store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: bot.clock.now())
        bot.startWorker()
        try await bot.eventually("failed") { try await bot.store.job(id: again.id)?.state == .failed }
        try await bot.eventually("message") { bot.transport.edits.last == "The bot restarted while making your look. Tap Again." }
        #expect(bot.transport.photoMessages.count == 1)
    }
}

/// The progress text after a restart re-queued a job.
let TryOnText_requeued = "The bot restarted — your look is queued again."
