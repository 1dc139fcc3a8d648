import Chat
import Foundation
import JSON
import Support
import Testing
import WardrobeTestKit

/// The router needs only the storage protocols (`ChatStore`): these run it on the in-memory store,
/// with no database file anywhere.
@Suite struct RouterWithoutDatabaseTests {
    static func router(_ store: MemoryChatStore) -> Router {
        var builder = RouterBuilder()
        builder.add(Command("menu", summary: "offers a choice") { context, _ in
            let mine = try await context.button("Mine", action: TestButtonAction("pick"), payload: ["size": "M", "note": "größer 👖"])
            let open = try await context.button("Anyone", action: TestButtonAction("pick"), payload: ["size": "L"], anyone: true)
            try await context.reply("Pick one", buttons: [[mine, open]])
        })
        builder.onButton(TestButtonAction("pick")) { context, record in
            try await context.setState(["picked": record.payload["size"] ?? .null])
            try await context.reply(RichText.plain("\(context.user.key) picked \(record.payload["size"]?.string ?? "?")"))
        }
        return builder.build(store: store, logger: Logger(label: "test", sink: MemoryLogSink()), clock: SystemClock(), welcome: "Welcome")
    }

    @Test func aButtonMadeByOneHandlerIsPressedOwnedAndExpiredThroughTheInMemoryStore() async throws {
        let store = MemoryChatStore()
        let router = Self.router(store)
        let transport = RecordingTransport()
        await router.handle(Events.make(.command(name: "menu", arguments: ""), chat: "g", user: "ana", kind: .group), via: transport)
        let mine = try #require(transport.button("Mine"))
        let open = try #require(transport.button("Anyone"))
        await router.handle(Events.make(.button(token: mine.token), chat: "g", user: "bo", kind: .group), via: transport)
        await router.handle(Events.make(.button(token: open.token), chat: "g", user: "bo", kind: .group), via: transport)
        await router.handle(Events.make(.button(token: mine.token), chat: "g", user: "ana", kind: .group), via: transport)
        await router.handle(Events.make(.button(token: mine.token), chat: "elsewhere", user: "ana", kind: .group), via: transport)
        await router.handle(Events.make(.button(token: "nosuchtokn"), chat: "g", user: "ana", kind: .group), via: transport)
        #expect(Array(transport.texts.dropFirst()) == [
            "This button belongs to someone else.", "test:bo picked L", "test:ana picked M", "This button has expired.", "This button has expired.",
        ])
        // The router recorded both people, the group with its members, and each one's state.
        let ana = try #require(try await store.user(key: "test:ana"))
        let group = try #require(try await store.participants(
            transport: "test", userID: "ana", displayName: nil, chatID: "g", kind: .group, title: nil, recordActivity: false, now: Date()).chat)
        #expect(try await store.activeMemberKeys(chatID: group.id, since: .distantPast) == ["test:ana", "test:bo"])
        #expect(try await store.chatState(chatID: group.id, userID: ana.id) == ["picked": "M"])
    }
}
