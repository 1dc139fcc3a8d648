import Bot
import Chat
import Foundation
import SQLite
import Storage
import Synchronization
import Telegram
import Testing
import WardrobeTestKit

/// The poison guard without a row per update: a batch is covered by the worker's fetch mark; the
/// updates a dead process may have been running are replayed one at a time, each with its start
/// recorded; a clean shutdown leaves nothing to replay (docs/telegram.md#poison-messages).
@Suite(.serialized) struct CrashSuspectTests {
    /// What each `/probe` handler saw when it started.
    final class Probes: Sendable {
        struct Start: Sendable {
            let update: String
            /// Probes running at that moment, this one included.
            let running: Int
            /// The update's attempt count recorded before its handler ran; nil when it had no row.
            let recordedStarts: Int64?
        }

        private let state = Mutex<(running: Int, starts: [Start], database: String)>((0, [], ""))

        /// Reads the attempts from `folder`'s database (the harness's, known once it is made).
        func use(folder: String) { state.withLock { $0.database = "\(folder)/wardrobe.sqlite" } }

        var starts: [Start] { state.withLock { $0.starts } }

        /// A command that records its start, works a little (so others could run beside it), and answers.
        func command() -> Command {
            Command("probe", summary: "records how it ran (tests only)") { context, _ in
                let update = context.event.id
                // A connection of its own beside the worker's: it waits out the worker's writes (a full run once saw
                // SQLITE_BUSY here, and the probe answered with the bot's apology instead of recording its start).
                let connection = try Connection(path: self.state.withLock { $0.database })
                connection.setBusyTimeout(milliseconds: 5_000)
                let row = try connection.first("SELECT count FROM attempts WHERE kind = 'telegram.update' AND item_id = ?", [update])
                self.state.withLock { state in
                    state.running += 1
                    state.starts.append(Start(update: update, running: state.running, recordedStarts: row?.int("count")))
                }
                try? await Task.sleep(for: .milliseconds(30))
                self.state.withLock { $0.running -= 1 }
                _ = try await context.reply(RichText.plain("probed"))
            }
        }
    }

    /// A worker whose router also knows `/probe`.
    static func harness(reusing previous: TelegramHarness? = nil) throws -> (TelegramHarness, Probes) {
        let probes = Probes()
        let harness = try TelegramHarness(reusing: previous) { environment in
            Features.router(environment) { $0.add(probes.command()) }
        }
        probes.use(folder: harness.folder)
        return (harness, probes)
    }

    static func users(_ range: ClosedRange<Int64>) -> [FakeUser] { range.map { FakeUser(id: $0, firstName: "U\($0)") } }

    static func attemptRows(_ harness: TelegramHarness) throws -> Int64 {
        try Connection(path: "\(harness.folder)/wardrobe.sqlite").first("SELECT count(*) AS n FROM attempts")?.int("n") ?? -1
    }

    @Test func theUpdatesADeadProcessMayHaveBeenRunningRunOneAtATimeEachWithItsStartRecorded() async throws {
        let (harness, probes) = try Self.harness()
        // Six chats' updates, fetched by a process that died before handling them: its mark covers them.
        let suspects = Self.users(3001...3006).map { harness.server.sendText("/probe", from: $0) }
        try await harness.store.setCursor(transport: "telegram.fetched", value: "dead-process:\(suspects.max() ?? 0)")
        let task = harness.start()
        #expect(await harness.waitUntilProcessed(suspects))
        // After them, new updates run as usual: covered by this worker's own mark, no row each.
        let later = Self.users(3011...3014).map { harness.server.sendText("/probe", from: $0) }
        #expect(await harness.waitUntilProcessed(later))
        #expect(await harness.waitUntilSent())

        let starts = probes.starts
        let suspectStarts = starts.filter { suspects.map(String.init).contains($0.update) }
        #expect(suspectStarts.map(\.update) == suspects.map(String.init), "one after the other, in order")
        #expect(suspectStarts.allSatisfy { $0.running == 1 }, "\(suspectStarts.map(\.running))")
        // One start charged for the crash, one recorded before this run: a crash now would be charged to it alone.
        #expect(suspectStarts.map(\.recordedStarts) == Array(repeating: 2, count: suspects.count))
        let laterStarts = starts.filter { later.map(String.init).contains($0.update) }
        #expect(laterStarts.count == later.count)
        #expect(laterStarts.allSatisfy { $0.recordedStarts == nil })
        #expect(try Self.attemptRows(harness) == 0)
        #expect(try await harness.store.setAsideItems().isEmpty)
        let mark = try #require(try await harness.store.fetchMark(key: "telegram.fetched"))
        #expect(mark.process != "dead-process" && mark.high >= later.max() ?? 0)
        #expect(harness.logLines(containing: "handling updates one at a time").count >= 1)
        for user in Self.users(3001...3006) + Self.users(3011...3014) { #expect(harness.server.texts(inChat: user.id) == ["probed"]) }
        await harness.stop(task)
    }

    @Test func aCleanShutdownLeavesNoSuspects() async throws {
        let (first, firstProbes) = try Self.harness()
        let task = first.start()
        let ids = Self.users(3101...3104).map { first.server.sendText("/probe", from: $0) }
        // Shut down while the probes are being handled: they finish, are recorded, and the mark goes.
        #expect(await first.server.wait(timeout: .seconds(10)) { _ in firstProbes.starts.count == ids.count })
        await first.stop(task, keepingServerAndData: true)
        #expect(firstProbes.starts.allSatisfy { $0.recordedStarts == nil })

        let (second, secondProbes) = try Self.harness(reusing: first)
        #expect(try await second.store.fetchMark(key: "telegram.fetched") == nil)
        #expect(try await second.store.processedIDs(transport: "telegram", among: ids.map(String.init)).count == ids.count)
        let restarted = second.start()
        let more = Self.users(3111...3113).map { second.server.sendText("/probe", from: $0) }
        #expect(await second.waitUntilProcessed(more))
        #expect(await second.waitUntilSent())
        #expect(secondProbes.starts.count == more.count)
        #expect(secondProbes.starts.allSatisfy { $0.recordedStarts == nil })
        #expect(second.logLines(containing: "handling updates one at a time").isEmpty)
        #expect(try Self.attemptRows(second) == 0)
        for user in Self.users(3101...3104) + Self.users(3111...3113) { #expect(second.server.texts(inChat: user.id) == ["probed"]) }
        await second.stop(restarted)
    }
}
