import Chat
import Foundation
import Telegram
import Testing
import WardrobeTestKit

/// A handler still working after `earlyFlushSeconds` has the replies it made so far sent at once.
struct EarlyFlushTests {
    @Test func aSlowHandlersFirstReplyGoesOutWhileItStillWorksAndItsLaterRepliesFollow() async throws {
        let (opened, opener) = AsyncStream<Void>.makeStream()
        let harness = try TelegramHarness(configure: { $0.earlyFlushSeconds = 0.05 }, router: { environment in
            var builder = RouterBuilder()
            builder.add(Command("slow", summary: "works slowly") { context, _ in
                try await context.reply("Working…")
                // Held until the test has seen the first reply: only the early flush can have sent it.
                for await _ in opened { break }
                try await context.reply("Done")
            })
            return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
        })
        let task = harness.start()
        let update = harness.server.sendText("/slow")
        let chat = FakeUser.ana.id
        #expect(await harness.waitForMessages(1, inChat: chat))
        #expect(harness.server.messages(inChat: chat).map(\.text) == ["Working…"])
        opener.yield()
        #expect(await harness.waitForMessages(2, inChat: chat))
        #expect(await harness.waitUntilProcessed([update]))
        #expect(harness.server.messages(inChat: chat).map(\.text) == ["Working…", "Done"])
        await harness.stop(task)
    }

    @Test func aQuickHandlersRepliesAreSentOnceWithItsUpdate() async throws {
        let harness = try TelegramHarness(configure: { $0.earlyFlushSeconds = 0.05 }, router: { environment in
            var builder = RouterBuilder()
            builder.add(Command("quick", summary: "answers twice") { context, _ in
                try await context.reply("one")
                try await context.reply("two")
            })
            return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
        })
        let task = harness.start()
        let chat = FakeUser.ana.id
        let updates = (0..<5).map { _ in harness.server.sendText("/quick") }
        #expect(await harness.waitUntilProcessed(updates))
        #expect(await harness.waitForMessages(10, inChat: chat))
        #expect(await harness.waitUntilSent())
        #expect(harness.server.messages(inChat: chat).map(\.text) == Array(repeating: ["one", "two"], count: 5).flatMap { $0 })
        await harness.stop(task)
    }
}
