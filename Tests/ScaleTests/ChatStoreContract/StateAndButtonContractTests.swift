import Foundation
import JSON
import Storage
import Testing

@Suite struct StateAndButtonContractTests {
    /// A user and a chat to hang state and buttons on.
    static func participants(_ store: any ChatStore, user: String = "u", chat: String = "c") async throws -> (user: UserRecord, chat: ChatRecord) {
        try await store.participants(
            transport: "test", userID: user, displayName: nil, chatID: chat, kind: .group, title: nil, recordActivity: false, now: contractEpoch)
    }

    @Test(arguments: ChatStoreBackend.available)
    func chatStateIsEmptyUntilSetAndBelongsToOneUserInOneChat(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let (ana, chat) = try await Self.participants(store, user: "ana")
            let (bo, other) = try await Self.participants(store, user: "bo", chat: "other")
            #expect(try await store.chatState(chatID: chat.id, userID: ana.id) == [:])
            #expect(try await store.chatState(chatID: chat.id + 1000, userID: ana.id + 1000) == [:])
            // Unicode and a long text within the router's bound (4096 characters) round-trip unchanged.
            let long = String(repeating: "é👗\u{301}ß", count: 1024)
            let state: JSON = ["draft": ["name": .string(long), "price": 49.5], "choices": ["1": "tok-A", "2": "tok-B"], "none": .null]
            try await store.setChatState(state, chatID: chat.id, userID: ana.id, now: contractEpoch)
            #expect(try await store.chatState(chatID: chat.id, userID: ana.id) == state)
            #expect(try await store.chatState(chatID: chat.id, userID: bo.id) == [:])
            #expect(try await store.chatState(chatID: other.id, userID: ana.id) == [:])
            try await store.setChatState(["step": 2], chatID: chat.id, userID: ana.id, now: contractEpoch + 1)
            #expect(try await store.chatState(chatID: chat.id, userID: ana.id) == ["step": 2])
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func aButtonResolvesUntilItExpiresAndAnUnknownTokenResolvesToNothing(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let (user, chat) = try await Self.participants(store)
            let payload: JSON = ["number": 3, "name": "Ärmel 🧥"]
            let token = try await store.createButton(chatID: chat.id, userID: user.id, action: "closet.remove", payload: payload, lifetime: 60, now: contractEpoch)
            let anyone = try await store.createButton(chatID: chat.id, userID: nil, action: "vote", payload: [:], lifetime: 60, now: contractEpoch)
            #expect(token.count == 10 && token != anyone)
            let live = try #require(try await store.button(token: token, now: contractEpoch + 59))
            #expect(live == ButtonRecord(token: token, chatID: chat.id, userID: user.id, action: "closet.remove", payload: payload, expiresAt: contractEpoch + 60))
            #expect(try await store.button(token: anyone, now: contractEpoch)?.userID == nil)
            #expect(try await store.button(token: token, now: contractEpoch + 60) == nil)
            #expect(try await store.button(token: "nosuchtokn", now: contractEpoch) == nil)
            #expect(try await store.button(token: "", now: contractEpoch) == nil)
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func buttonsMadeTogetherResolveInOrderAndDeletingOrPruningRemovesOnlyTheirOwn(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let (user, chat) = try await Self.participants(store)
            let tokens = try await store.createButtons(
                [("outfit.another", ["seed": 1]), ("outfit.why", ["seed": 2]), ("outfit.wear", ["items": [1, 2]])],
                chatID: chat.id, userID: user.id, lifetime: 100, now: contractEpoch)
            #expect(Set(tokens).count == 3)
            for (token, action) in zip(tokens, ["outfit.another", "outfit.why", "outfit.wear"]) {
                #expect(try await store.button(token: token, now: contractEpoch)?.action == action)
            }
            #expect(try await store.createButtons([], chatID: chat.id, userID: nil, lifetime: 100, now: contractEpoch) == [])
            try await store.deleteButtons(tokens: [tokens[1], "unknown-tk"])
            try await store.deleteButtons(tokens: [])
            #expect(try await store.button(token: tokens[1], now: contractEpoch) == nil)
            #expect(try await store.button(token: tokens[0], now: contractEpoch) != nil)
            let later = try await store.createButton(chatID: chat.id, userID: nil, action: "late", payload: [:], lifetime: 100, now: contractEpoch + 50)
            try await store.pruneButtons(now: contractEpoch + 100)
            // Pruned rows are gone even for a clock that reads earlier; the unexpired one stays.
            #expect(try await store.button(token: tokens[0], now: contractEpoch) == nil)
            #expect(try await store.button(token: later, now: contractEpoch + 100)?.action == "late")
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func anItemStartedTooOftenIsSetAsideAndFinishingForgetsOnlyRunningItems(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 1))
            #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 2))
            #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2, now: contractEpoch) == .setAside(attempts: 2))
            try await store.describeSetAside(kind: "telegram.update", itemID: "7", detail: String(repeating: "ü", count: 2000))
            // Set aside stays set aside, even with a higher limit or after finishing.
            try await store.finishAttempts(kind: "telegram.update", itemIDs: ["7"])
            #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 5, now: contractEpoch) == .setAside(attempts: 2))
            // The same id of another kind is another item; a finished item starts from one again.
            #expect(try await store.beginAttempt(kind: "matrix.event", itemID: "7", chatKey: "", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 1))
            try await store.finishAttempts(kind: "matrix.event", itemIDs: ["7", "unknown"])
            try await store.finishAttempts(kind: "matrix.event", itemIDs: [])
            #expect(try await store.beginAttempt(kind: "matrix.event", itemID: "7", chatKey: "", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 1))
            // A limit below one counts as one.
            #expect(try await store.beginAttempt(kind: "daily.send", itemID: "x", chatKey: "", maxAttempts: 0, now: contractEpoch) == .handle(attempt: 1))
            #expect(try await store.beginAttempt(kind: "daily.send", itemID: "x", chatKey: "", maxAttempts: 0, now: contractEpoch) == .setAside(attempts: 1))
            try await store.describeSetAside(kind: "daily.send", itemID: "never-started", detail: "nothing to describe")
        }
    }
}
