import Chat
import Foundation
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct InvisibleTextTests {
    @Test func controlsAndBidiOverridesAreTakenOutButLineBreaksAndRTLMarksStay() {
        #expect(InvisibleText.cleaned("a\u{07}b\u{1B}[31m red") == "ab[31m red")
        #expect(InvisibleText.cleaned("\u{202E}evil shirt\u{2066}x\u{2069}") == "evil shirtx")
        #expect(InvisibleText.cleaned("line one\nline\ttwo") == "line one\nline\ttwo")
        #expect(InvisibleText.cleaned("שלום\u{200F} shirt") == "שלום\u{200F} shirt")
        #expect(InvisibleText.cleaned("\u{85}\u{9B}x\u{7F}") == "x")
        #expect(InvisibleText.cleaned("👗 blazer") == "👗 blazer")
    }

    @Test func handlersSeeTheCleanedWordsAndSenderName() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let seen = Mutex<[String]>([])
        let router = RouterTests.router(store) { builder in
            builder.add(Command("add", summary: "adds") { context, arguments in
                seen.withLock { $0.append(arguments + "|" + (context.event.sender.displayName ?? "")) }
            })
            builder.onText { _, text in
                seen.withLock { $0.append(text) }
                return true
            }
        }
        let transport = RecordingTransport()
        let event = ChatEvent(
            id: "1", chat: ChatAddress(transport: "test", id: "c1", kind: .privateChat), sender: Sender(id: "u1", displayName: "An\u{202E}a"),
            payload: .command(name: "add", arguments: "red\u{1B}[2J shirt"))
        await router.handle(event, via: transport)
        await router.handle(Events.make(.text("hi\u{07}")), via: transport)
        #expect(seen.withLock { $0 } == ["red[2J shirt|Ana", "hi"])
    }
}
