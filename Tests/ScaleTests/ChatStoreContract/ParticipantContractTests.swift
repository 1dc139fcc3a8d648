import Foundation
import JSON
import Storage
import Testing

@Suite struct ParticipantContractTests {
    @Test(arguments: ChatStoreBackend.available)
    func participantsAreCreatedOnceAndTheirNamesAndTitlesRefreshed(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let first = try await store.participants(
                transport: "telegram", userID: "42", displayName: "Zoë 👗 Łukasz", chatID: "-100", kind: .privateChat, title: nil,
                recordActivity: false, now: contractEpoch)
            #expect(first.user.key == "telegram:42")
            #expect(first.user.displayName == "Zoë 👗 Łukasz")
            #expect(first.user.settings == [:])
            #expect(first.chat.externalID == "-100" && first.chat.kind == .privateChat && first.chat.title == nil)
            // No name or title given: the stored ones stay; the kind follows the event.
            let again = try await store.participants(
                transport: "telegram", userID: "42", displayName: nil, chatID: "-100", kind: .group, title: "Friends",
                recordActivity: false, now: contractEpoch + 1)
            #expect(again.user.id == first.user.id && again.chat.id == first.chat.id)
            #expect(again.user.displayName == "Zoë 👗 Łukasz")
            #expect(again.chat.kind == .group && again.chat.title == "Friends")
            let renamed = try await store.participants(
                transport: "telegram", userID: "42", displayName: "Zoe", chatID: "-100", kind: .group, title: nil,
                recordActivity: false, now: contractEpoch + 2)
            #expect(renamed.user.displayName == "Zoe" && renamed.chat.title == "Friends")
            // The same external ids on another transport are other people and chats.
            let other = try await store.participants(
                transport: "matrix", userID: "42", displayName: nil, chatID: "-100", kind: .privateChat, title: nil,
                recordActivity: false, now: contractEpoch)
            #expect(other.user.id != first.user.id && other.chat.id != first.chat.id)
            // The single upserts agree with the pair.
            #expect(try await store.user(transport: "telegram", externalID: "42", displayName: nil, now: contractEpoch).id == first.user.id)
            let chat = try await store.chat(transport: "telegram", externalID: "-100", kind: .group, title: nil, now: contractEpoch)
            #expect(chat == renamed.chat)
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func lookupsFindKnownRowsAndReturnNilForUnknownIDsAndKeys(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let ana = try await store.user(transport: "matrix", externalID: "@ana:example.org", displayName: "Ana", now: contractEpoch)
            let room = try await store.chat(transport: "matrix", externalID: "!room:example.org", kind: .group, title: "Room", now: contractEpoch)
            #expect(try await store.user(id: ana.id) == ana)
            // Only the first colon separates the transport: Matrix ids hold more.
            #expect(try await store.user(key: "matrix:@ana:example.org") == ana)
            #expect(try await store.chat(id: room.id) == room)
            #expect(try await store.user(id: ana.id + 1000) == nil)
            #expect(try await store.chat(id: room.id + 1000) == nil)
            #expect(try await store.user(key: "matrix:@nobody:example.org") == nil)
            #expect(try await store.user(key: "no colon at all") == nil)
            #expect(try await store.user(key: "") == nil)
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func settingsAreReplacedWholeAndUnknownRowsAreLeftAlone(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            let (user, chat) = try await store.participants(
                transport: "console", userID: "local", displayName: nil, chatID: "local", kind: .privateChat, title: nil,
                recordActivity: false, now: contractEpoch)
            try await store.setSettings(["service": "gemini", "prompt": "Zürich street style, ☂️"], userID: user.id)
            try await store.setSettings(["service": "fal"], userID: user.id)
            try await store.setChatSettings(["timezone": "Europe/Berlin", "window": 1800], chatID: chat.id)
            #expect(try await store.user(id: user.id)?.settings == ["service": "fal"])
            #expect(try await store.chat(id: chat.id)?.settings == ["timezone": "Europe/Berlin", "window": 1800])
            try await store.setSettings(["x": 1], userID: user.id + 1000)
            try await store.setChatSettings(["x": 1], chatID: chat.id + 1000)
            #expect(try await store.user(id: user.id + 1000) == nil)
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func activeMembersAreThoseWhoSpokeSinceTheCutoffSortedAndTheLatestActivityWins(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            func speak(_ user: String, at offset: TimeInterval, record: Bool = true) async throws -> Int64 {
                try await store.participants(
                    transport: "telegram", userID: user, displayName: nil, chatID: "-7", kind: .group, title: nil, recordActivity: record,
                    now: contractEpoch + offset
                ).chat.id
            }
            let chat = try await speak("300", at: 100)
            _ = try await speak("20", at: 50)
            _ = try await speak("20", at: 10)  // an older event handled late does not move the activity back
            _ = try await speak("1", at: 5)
            _ = try await speak("9", at: 200, record: false)
            #expect(try await store.activeMemberKeys(chatID: chat, since: contractEpoch + 50) == ["telegram:20", "telegram:300"])
            #expect(try await store.activeMemberKeys(chatID: chat, since: contractEpoch) == ["telegram:1", "telegram:20", "telegram:300"])
            #expect(try await store.activeMemberKeys(chatID: chat, since: contractEpoch + 101) == [])
            #expect(try await store.activeMemberKeys(chatID: chat + 1000, since: contractEpoch) == [])
        }
    }
}
