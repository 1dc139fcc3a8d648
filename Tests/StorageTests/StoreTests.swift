import Foundation
import JSON
import Storage
import Testing

/// A store in a fresh temporary folder, removed by `cleanUp`.
struct TemporaryStore {
    let folder: String
    let store: Store

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wd-\(UUID())").path
        store = try Store(dataDirectory: folder)
    }

    func cleanUp() {
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite struct StoreTests {
    @Test func usersAndChatsAreCreatedOnceAndFoundByIdentity() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let first = try await temp.store.user(transport: "telegram", externalID: "42", displayName: "Ana")
        let again = try await temp.store.user(transport: "telegram", externalID: "42")
        #expect(first.id == again.id)
        #expect(again.displayName == "Ana")
        #expect(again.key == "telegram:42")
        #expect(try await temp.store.user(key: "telegram:42")?.id == first.id)
        let chat = try await temp.store.chat(transport: "telegram", externalID: "-100", kind: .group, title: "Friends")
        #expect(try await temp.store.chat(transport: "telegram", externalID: "-100", kind: .group).id == chat.id)
    }

    @Test func participantsAreRefreshedOnlyWhenSomethingChanged() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        func meet(_ name: String?, kind: ChatKind, title: String?) async throws -> (user: UserRecord, chat: ChatRecord) {
            try await temp.store.participants(
                transport: "telegram", userID: "7", displayName: name, chatID: "-5", kind: kind, title: title, recordActivity: false)
        }
        let first = try await meet("Ana", kind: .group, title: "Friends")
        let same = try await meet(nil, kind: .group, title: nil)
        #expect(same.user == first.user && same.chat == first.chat)
        #expect(same.user.displayName == "Ana" && same.chat.title == "Friends")
        let renamed = try await meet("Ana B.", kind: .privateChat, title: "Besties")
        #expect(renamed.user.id == first.user.id && renamed.chat.id == first.chat.id)
        #expect(renamed.user.displayName == "Ana B." && renamed.chat.kind == .privateChat && renamed.chat.title == "Besties")
        #expect(try await temp.store.user(key: "telegram:7")?.displayName == "Ana B.")
    }

    @Test func theCursorMovesInTheSameTransactionThatRecordsAnUpdate() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        #expect(try await temp.store.markProcessed(transport: "telegram", updateID: "10", cursor: "11"))
        #expect(try await temp.store.markProcessed(transport: "telegram", updateID: "10", cursor: "11") == false)
        #expect(try await temp.store.isProcessed(transport: "telegram", updateID: "10"))
        #expect(try await temp.store.isProcessed(transport: "telegram", updateID: "12") == false)
        #expect(try await temp.store.cursor(transport: "telegram") == "11")
    }

    @Test func chatStateIsKeptPerUserAndChat() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "telegram", externalID: "1")
        let ben = try await temp.store.user(transport: "telegram", externalID: "2")
        let group = try await temp.store.chat(transport: "telegram", externalID: "-5", kind: .group)
        try await temp.store.setChatState(["slot": "me"], chatID: group.id, userID: ana.id)
        #expect(try await temp.store.chatState(chatID: group.id, userID: ana.id)["slot"]?.string == "me")
        #expect(try await temp.store.chatState(chatID: group.id, userID: ben.id) == [:])
    }

    @Test func buttonsExpireAndUnknownTokensFindNothing() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let chat = try await temp.store.chat(transport: "console", externalID: "local", kind: .privateChat)
        let now = Date(timeIntervalSince1970: 1_000_000)
        let token = try await temp.store.createButton(chatID: chat.id, userID: nil, action: "why", payload: ["n": 1], lifetime: 60, now: now)
        #expect(token.utf8.count == 10)
        #expect(token.utf8.allSatisfy { $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        var tokens: Set<String> = [token]
        for _ in 0..<50 {
            tokens.insert(try await temp.store.createButton(chatID: chat.id, userID: nil, action: "why", payload: [:], lifetime: 60, now: now))
        }
        #expect(tokens.count == 51)
        #expect(try await temp.store.button(token: token, now: now)?.payload["n"] == 1)
        #expect(try await temp.store.button(token: token, now: now + 61) == nil)
        #expect(try await temp.store.button(token: "nope", now: now) == nil)
    }

    @Test func deletingAUserRemovesTheirRowsAndFilesButNoOneElses() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "telegram", externalID: "1")
        let ben = try await temp.store.user(transport: "telegram", externalID: "2")
        let chat = try await temp.store.chat(transport: "telegram", externalID: "1", kind: .privateChat)
        let anaImage = try await temp.store.saveImage([1, 2, 3], userID: ana.id, mimeType: "image/jpeg", width: 1, height: 1)
        let benImage = try await temp.store.saveImage([1, 2, 3], userID: ben.id, mimeType: "image/jpeg", width: 1, height: 1)
        try await temp.store.setChatState(["x": 1], chatID: chat.id, userID: ana.id)
        // Ana voted in Ben's group vote; Ben voted too.
        let group = try await temp.store.chat(transport: "telegram", externalID: "-9", kind: .group)
        let vote = try await temp.store.openVote(
            chatID: group.id, starterID: ben.id, kind: "outfit", subject: [:], optionCount: 2, closesAt: Date() + 60, now: Date())
        try await temp.store.castBallot(voteID: vote.id, voter: ana.key, option: 0, source: "poll", now: Date())
        try await temp.store.castBallot(voteID: vote.id, voter: ben.key, option: 1, source: "poll", now: Date())
        try await temp.store.deleteUser(id: ana.id)
        #expect(try await temp.store.ballots(voteID: vote.id).map(\.voter) == [ben.key])
        #expect(try await temp.store.user(id: ana.id) == nil)
        #expect(try await temp.store.image(userID: ana.id, sha256: anaImage.sha256) == nil)
        #expect(temp.store.media.existingPath(userID: ana.id, sha256: anaImage.sha256) == nil)
        #expect(try await temp.store.chatState(chatID: chat.id, userID: ana.id) == [:])
        #expect(try temp.store.imageBytes(userID: ben.id, sha256: benImage.sha256) == [1, 2, 3])
    }
}
