import Chat
import Foundation
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct DispatcherTests {
    @Test func eventsOfOneChatRunInOrderWhileDifferentChatsRunConcurrently() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let log = Mutex<[String]>([])
        let running = Mutex((now: 0, peak: 0))
        let router = RouterTests.router(store) { builder in
            builder.add(Command("step", summary: "records a step") { context, arguments in
                running.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...25)))
                log.withLock { $0.append("\(context.event.chat.id):\(arguments)") }
                running.withLock { $0.now -= 1 }
            })
        }
        let dispatcher = ChatDispatcher(router: router, logger: Logger(label: "t", sink: MemoryLogSink()))
        let transport = RecordingTransport()
        async let run: Void = dispatcher.run()
        for step in 0..<8 {
            for chat in ["a", "b", "c", "d"] { await dispatcher.submit(Events.command("step", "\(step)", chat: chat), via: transport) }
        }
        await dispatcher.finish()
        await run
        let lines = log.withLock { $0 }
        #expect(lines.count == 32)
        for chat in ["a", "b", "c", "d"] {
            let steps = lines.filter { $0.hasPrefix("\(chat):") }.map { Int($0.split(separator: ":")[1])! }
            #expect(steps == Array(0..<8), "chat \(chat) ran out of order: \(steps)")
        }
        #expect(running.withLock { $0.peak } > 1, "different chats should overlap")
    }

    @Test func afterFinishNewEventsAreRefusedAndQueuedOnesStillComplete() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let done = Mutex(0)
        let router = RouterTests.router(store)
        let dispatcher = ChatDispatcher(router: router, logger: Logger(label: "t", sink: MemoryLogSink()))
        let transport = RecordingTransport()
        for index in 0..<5 {
            await dispatcher.submit(Events.command("help", chat: "c\(index % 2)"), via: transport) { done.withLock { $0 += 1 } }
        }
        await dispatcher.finish()
        #expect(await dispatcher.submit(Events.command("help"), via: transport) == false)
        await dispatcher.run()
        #expect(done.withLock { $0 } == 5)
        #expect(transport.texts.count == 5)
    }

    @Test func otherWorkForAChatWaitsBehindItsEarlierEvents() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let log = Mutex<[String]>([])
        let router = RouterTests.router(store) { builder in
            builder.add(Command("slow", summary: "takes a while") { context, _ in
                try await Task.sleep(for: .milliseconds(40))
                log.withLock { $0.append("\(context.event.chat.id):slow") }
            })
        }
        let dispatcher = ChatDispatcher(router: router, logger: Logger(label: "t", sink: MemoryLogSink()))
        let transport = RecordingTransport()
        let done = Mutex(0)
        async let run: Void = dispatcher.run()
        await dispatcher.submit(Events.command("slow", chat: "a"), via: transport)
        let chatA = Events.command("slow", chat: "a").chat
        let chatB = Events.command("slow", chat: "b").chat
        #expect(await dispatcher.submit(in: chatA, done: { done.withLock { $0 += 1 } }) { log.withLock { $0.append("a:refusal") } })
        await dispatcher.submit(in: chatB) { log.withLock { $0.append("b:refusal") } }
        await dispatcher.finish()
        await run
        // Chat b's work did not wait for chat a; chat a's refusal came after chat a's earlier event.
        #expect(log.withLock { $0 } == ["b:refusal", "a:slow", "a:refusal"])
        #expect(done.withLock { $0 } == 1)
        #expect(await dispatcher.submit(in: chatA) {} == false)
    }
}
