import Chat
import Foundation
import JSON
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct RouterTests {
    static func makeStore() throws -> (Store, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID())").path
        return (try Store(dataDirectory: folder), folder)
    }

    static func router(_ store: Store, configure: (inout RouterBuilder) -> Void = { _ in }) -> Router {
        var builder = RouterBuilder()
        configure(&builder)
        return builder.build(store: store, logger: Logger(label: "test", sink: MemoryLogSink()), clock: SystemClock(), welcome: "Welcome")
    }

    @Test func helpNamesEveryListedCommandByTopicAndExplainsOneOnRequest() async throws {
        let (store, folder) = try Self.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let router = Self.router(store) { builder in
            builder.add(Command("dress", usage: "OCCASION", summary: "an outfit from your closet", topic: .outfits) { _, _ in })
            builder.add(Command("closet", summary: "list your pieces", topic: .closet) { _, _ in })
            builder.add(Command("misc", summary: "something else") { _, _ in })
            builder.add(Command("secret", summary: "hidden", listed: false) { _, _ in })
        }
        let transport = RecordingTransport()
        await router.handle(Events.command("help"), via: transport)
        let help = try #require(transport.texts.first)
        // One short line per topic, in the topics' order; the summaries wait for /help COMMAND.
        let lines = help.split(separator: "\n").map(String.init)
        #expect(lines.first == "Commands")
        #expect(lines.contains("Closet: /closet"))
        #expect(lines.contains("Outfits: /dress"))
        #expect(lines.contains("Settings: /start"))
        #expect(lines.contains("More: /misc"))
        #expect(lines.firstIndex(of: "Closet: /closet")! < lines.firstIndex(of: "Outfits: /dress")!)
        #expect(!help.contains("an outfit from your closet"))
        #expect(!help.contains("/secret"))
        #expect(help.contains("/help outfit explains one command"))

        for (arguments, expected) in [("dress", "/dress OCCASION — an outfit from your closet"), ("/Dress", "/dress OCCASION — an outfit from your closet")] {
            let one = RecordingTransport()
            await router.handle(Events.command("help", arguments), via: one)
            #expect(one.texts == [expected])
        }
        let topic = RecordingTransport()
        await router.handle(Events.command("help", "outfits"), via: topic)
        #expect(topic.texts == ["Outfits\n/dress OCCASION — an outfit from your closet"])
        let all = RecordingTransport()
        await router.handle(Events.command("help", "all"), via: all)
        let full = try #require(all.texts.first)
        #expect(full.contains("/start — welcome and how to begin"))
        #expect(full.contains("/help [COMMAND|all] — list every command"))
        #expect(full.contains("/dress OCCASION — an outfit from your closet"))
        #expect(full.contains("/misc — something else"))
        #expect(!full.contains("/secret"))
        // A hidden command is not explained, and an unknown word says so before the overview.
        for word in ["secret", String(repeating: "z", count: 500)] {
            let unknown = RecordingTransport()
            await router.handle(Events.command("help", word), via: unknown)
            let reply = try #require(unknown.texts.first)
            #expect(reply.hasPrefix("There's no /"))
            #expect(reply.count < 600)
            #expect(reply.contains("Outfits: /dress"))
        }
    }

    @Test func unknownCommandsAndHandlerErrorsGetAShortReply() async throws {
        let (store, folder) = try Self.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let router = Self.router(store) { builder in
            builder.add(Command("fail", summary: "fails") { _, _ in throw UserMessageError("That didn't work. Try /help.") })
        }
        let transport = RecordingTransport()
        await router.handle(Events.command("nope"), via: transport)
        await router.handle(Events.command("fail"), via: transport)
        #expect(transport.texts == ["I don't know /nope. Send /help to see what I can do.", "That didn't work. Try /help."])
    }

    @Test func aMessageOverTheLengthLimitIsRefusedBeforeAnyHandlerSeesIt() async throws {
        let (store, folder) = try Self.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let seen = Mutex(0)
        let router = Self.router(store) { builder in
            builder.add(Command("add", summary: "adds") { _, _ in seen.withLock { $0 += 1 } })
            builder.onText { _, _ in
                seen.withLock { $0 += 1 }
                return true
            }
        }
        let transport = RecordingTransport()
        let long = String(repeating: "navy blazer ", count: 30_000)
        await router.handle(Events.command("add", long), via: transport)
        await router.handle(Events.make(.text(long)), via: transport)
        await router.handle(Events.make(.text("navy blazer")), via: transport)
        #expect(seen.withLock { $0 } == 1, "only the short message reached a handler")
        #expect(transport.texts.count == 2)
        #expect(transport.texts.allSatisfy { $0.contains("too long") && $0.contains("4,096") })
    }

    @Test func aStaleOrForeignButtonOnlySaysItExpired() async throws {
        let (store, folder) = try Self.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let presses = Mutex(0)
        let router = Self.router(store) { builder in
            builder.add(Command("ask", summary: "asks") { context, _ in
                try await context.reply("Pick", buttons: [[try await context.button("Yes", action: TestButtonAction("yes"))]])
            })
            builder.onButton(TestButtonAction("yes")) { context, _ in
                presses.withLock { $0 += 1 }
                try await context.reply("Done")
            }
        }
        let transport = RecordingTransport()
        await router.handle(Events.command("ask"), via: transport)
        let token = try #require(transport.lastButtons.first?.token)
        await router.handle(Events.make(.button(token: "zzzzzzzzzz")), via: transport)
        await router.handle(Events.make(.button(token: token), chat: "other-chat"), via: transport)
        await router.handle(Events.make(.button(token: token), user: "someone-else"), via: transport)
        await router.handle(Events.make(.button(token: token)), via: transport)
        #expect(presses.withLock { $0 } == 1)
        #expect(transport.texts.suffix(4) == ["This button has expired.", "This button has expired.", "This button belongs to someone else.", "Done"])
    }

    @Test func withoutInlineButtonsAnsweringWithANumberPressesThatChoice() async throws {
        let (store, folder) = try Self.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let router = Self.router(store) { builder in
            builder.add(Command("ask", summary: "asks") { context, _ in
                try await context.reply("Pick", buttons: [[try await context.button("Red", action: TestButtonAction("pick"), payload: ["c": "red"]),
                                                            try await context.button("Blue", action: TestButtonAction("pick"), payload: ["c": "blue"])]])
            })
            builder.onButton(TestButtonAction("pick")) { context, record in try await context.reply("You picked \(record.payload["c"]?.string ?? "")") }
        }
        let transport = RecordingTransport(inlineButtons: false)
        await router.handle(Events.command("ask"), via: transport)
        await router.handle(Events.make(.text("2")), via: transport)
        await router.handle(Events.make(.text("1️⃣")), via: transport)
        #expect(transport.texts.suffix(2) == ["You picked blue", "You picked red"])
    }

    @Test func commandsAcceptOnlyThisBotsNameSuffix() {
        #expect(CommandParser.parse("/outfit@WardrobeBot business 3", botUsername: "wardrobebot")! == ("outfit", "business 3"))
        #expect(CommandParser.parse("/outfit@OtherBot business", botUsername: "wardrobebot") == nil)
        #expect(CommandParser.parse("  /HELP  ", botUsername: nil)! == ("help", ""))
        #expect(CommandParser.parse("not /a command", botUsername: nil) == nil)
        #expect(CommandParser.parse("/", botUsername: nil) == nil)
    }
}

@Suite struct RichTextTests {
    @Test func htmlEscapesTheFourSpecialCharactersAndKeepsEverythingElse() {
        #expect(RichText.escape("plain words, ünïcode 👗") == "plain words, ünïcode 👗")
        #expect(RichText.escape(#"<b>Tom & "Jerry"</b> 👗"#) == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; 👗")
        let text: RichText = .bold("A & B") + .plain(" <x>") + RichText([.link("see", url: "https://x.test/?a=1&b=2")])
        #expect(text.html == #"<b>A &amp; B</b> &lt;x&gt;<a href="https://x.test/?a=1&amp;b=2">see</a>"#)
    }
}
