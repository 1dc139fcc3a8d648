import Foundation
import Storage
import Telegram
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// An update that kills the worker is handled at most twice; the third worker sets it aside, says
/// so once, and keeps serving everyone else.
@Suite(.serialized) struct PoisonMessageTests {
    @Test func anUpdateThatKillsTheWorkerTwiceIsSetAsideAndTheBotKeepsServing() async throws {
        let crasher = try Crasher()
        defer { crasher.stop() }
        let (server, log) = (crasher.server, crasher.log)

        // Another chat is served first, so it is not in flight when the worker dies (an update in flight
        // during both crashes would be charged with them too; see docs/telegram.md#poison-messages).
        server.sendText("/help", from: .ben)
        var poison: Int64 = 0
        for run in 1...2 {
            let process = try crasher.launch()
            if run == 1 {
                #expect(await server.wait(timeout: .seconds(30)) { !$0.messages(inChat: FakeUser.ben.id).isEmpty })
                poison = server.sendText("/crash", from: .ana)
            }
            #expect(await ChildProcess.waitForExit(process), "run \(run) should die on /crash")
            #expect(process.terminationReason == .uncaughtSignal)
        }
        let process = try crasher.launch()
        #expect(await server.wait(timeout: .seconds(30)) { $0.texts(inChat: FakeUser.ana.id).contains(TelegramPoller.setAsideText) })
        server.sendText("/help", from: .ana)
        #expect(await server.wait(timeout: .seconds(30)) { $0.messages(inChat: FakeUser.ana.id).count >= 2 })
        #expect(process.isRunning, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "no log")")
        #expect(server.texts(inChat: FakeUser.ana.id).filter { $0 == TelegramPoller.setAsideText }.count == 1)
        // The other chat is answered (once, or twice when a kill landed while its reply was in flight).
        #expect((1...2).contains(server.messages(inChat: FakeUser.ben.id).count))
        await ChildProcess.kill9(process)

        try await crasher.expectSetAside(poison)
    }

    @Test func anUpdateFetchedWithThePoisonOneIsHandledThoughThePoisonOneCrashesTheWorkerAgain() async throws {
        let crasher = try Crasher()
        defer { crasher.stop() }
        let (server, log) = (crasher.server, crasher.log)

        // All three come in the first batch. Ana's /help waits behind her /crash, so it is fetched and
        // unhandled at both crashes; Ben's /help runs beside the /crash in the first run.
        let poison = server.sendText("/crash", from: .ana)
        let innocent = server.sendText("/help", from: .ana)
        server.sendText("/help", from: .ben)
        for run in 1...2 {
            let process = try crasher.launch()
            #expect(await ChildProcess.waitForExit(process), "run \(run) should die on /crash")
            #expect(process.terminationReason == .uncaughtSignal)
        }
        let process = try crasher.launch()
        // The poison update is set aside; the one fetched with it in both crash windows is answered.
        #expect(await server.wait(timeout: .seconds(30)) { $0.messages(inChat: FakeUser.ana.id).count >= 2 })
        #expect(await server.wait(timeout: .seconds(30)) { !$0.messages(inChat: FakeUser.ben.id).isEmpty })
        let texts = server.texts(inChat: FakeUser.ana.id)
        #expect(texts.first == TelegramPoller.setAsideText && texts.filter { $0 == TelegramPoller.setAsideText }.count == 1, "\(texts)")
        #expect(texts.count == 2 && texts.last?.contains("/outfit") == true, "the /help answer: \(texts)")
        #expect(process.isRunning, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "no log")")
        await ChildProcess.kill9(process)

        try await crasher.expectSetAside(poison, alsoRecorded: innocent)
    }
}

/// A `CrashingWorker` against its own fake Bot API and data folder; `stop()` kills it and removes both.
private final class Crasher {
    let server: FakeTelegramServer
    let folder: String
    let log: String
    private let binary: String
    private let environment: [String: String]
    private var running: Process?

    init(filePath: String = #filePath) throws {
        binary = try #require(ChildProcess.binary("CrashingWorker"), "build the test executables first (make test builds everything)")
        server = try FakeTelegramServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-poison-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        log = "\(folder)/worker.log"
        var environment = ProcessInfo.processInfo.environment
        environment["CRASHER_DATA"] = "\(folder)/data"
        environment["CRASHER_API"] = server.baseURL
        environment["CRASHER_TOKEN"] = server.token
        environment["CRASHER_CONFIG"] = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        self.environment = environment
    }

    /// Starts the worker (the previous one has exited or been killed).
    func launch() throws -> Process {
        let process = try ChildProcess.launch(binary, [], environment: environment, log: log)
        running = process
        return process
    }

    /// Ana's `poison` update is the only one set aside, charged with both crashes and logged once; `innocent`
    /// (when given) is recorded handled beside it.
    func expectSetAside(_ poison: Int64, alsoRecorded innocent: Int64? = nil) async throws {
        let store = try Store(dataDirectory: "\(folder)/data")
        defer { store.close() }
        let aside = try await store.setAsideItems()
        #expect(aside.map(\.itemID) == [String(poison)])
        #expect(aside.first?.count == 2 && aside.first?.chatKey == "telegram:\(FakeUser.ana.id)")
        if let innocent {
            #expect(try await store.processedIDs(transport: "telegram", among: [String(poison), String(innocent)]).count == 2)
        }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("update set aside") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("update=\(poison)") == true)
    }

    func stop() {
        if let running, running.isRunning { kill(running.processIdentifier, SIGKILL) }
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
