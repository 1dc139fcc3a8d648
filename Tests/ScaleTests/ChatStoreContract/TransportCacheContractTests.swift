import Foundation
import JSON
import Storage
import Testing

@Suite struct TransportCacheContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func sentChoicesAreReplacedPerMessageDeletedAndPrunedByAge(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let tokens: JSON = ["buttons": ["tok-A", "tok-B"], "label": "Wähle 👗"]
            try await store.recordChoices(transport: "matrix", messageID: "$e1", chatExternalID: "!r:x", tokens: tokens, now: contractEpoch)
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e1")
                == SentChoicesRecord(transport: "matrix", messageID: "$e1", chatExternalID: "!r:x", tokens: tokens))
            #expect(try await store.sentChoices(transport: "telegram", messageID: "$e1") == nil)
            try await store.recordChoices(transport: "matrix", messageID: "$e1", chatExternalID: "!s:x", tokens: ["vote": 3], now: contractEpoch + 50)
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e1")?.tokens == ["vote": 3])
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e1")?.chatExternalID == "!s:x")
            try await store.recordChoices(transport: "matrix", messageID: "$e2", chatExternalID: "!r:x", tokens: [], now: contractEpoch + 100)
            // A replacement keeps the first time, so pruning goes by when the message was first recorded.
            try await store.pruneChoices(olderThan: contractEpoch + 10)
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e1") == nil)
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e2")?.tokens == [])
            try await store.deleteChoices(transport: "matrix", messageID: "$e2")
            try await store.deleteChoices(transport: "matrix", messageID: "unknown")
            #expect(try await store.sentChoices(transport: "matrix", messageID: "$e2") == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aTelegramFileIDIsCachedPerImageReplacedAndForgotten(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let sha = String(repeating: "ab", count: 32)
            #expect(try await store.telegramFileID(sha256: sha) == nil)
            try await store.saveTelegramFileID("AgAD-1", sha256: sha, now: contractEpoch)
            try await store.saveTelegramFileID("AgAD-other", sha256: "cd", now: contractEpoch)
            #expect(try await store.telegramFileID(sha256: sha) == "AgAD-1")
            try await store.saveTelegramFileID("AgAD-2", sha256: sha, now: contractEpoch + 1)
            #expect(try await store.telegramFileID(sha256: sha) == "AgAD-2")
            try await store.forgetTelegramFileID(sha256: sha)
            try await store.forgetTelegramFileID(sha256: "never-saved")
            #expect(try await store.telegramFileID(sha256: sha) == nil)
            #expect(try await store.telegramFileID(sha256: "cd") == "AgAD-other")
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aTelegramPollIsATelegramPollRowOfSentChoicesWithItsChatKindAndMessage(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            #expect(try await store.telegramPollChat(pollID: "5001") == nil)
            try await store.saveTelegramPoll(pollID: "5001", chatID: "-100", kind: .group, messageID: "77", now: contractEpoch)
            try await store.saveTelegramPoll(pollID: "5002", chatID: "42", kind: .privateChat, messageID: "78", now: contractEpoch)
            let poll = try #require(try await store.telegramPollChat(pollID: "5001"))
            #expect(poll.chatID == "-100" && poll.kind == .group && poll.messageID == "77")
            #expect(try await store.telegramPollChat(pollID: "5002")?.kind == .privateChat)
            // Stored as a `telegram.poll` row of sent choices, with JSON in its tokens.
            let row = try #require(try await store.sentChoices(transport: "telegram.poll", messageID: "5001"))
            #expect(row.chatExternalID == "-100" && row.tokens == ["kind": "group", "message_id": "77"])
            // The same id under another transport is another row.
            try await store.recordChoices(transport: "telegram", messageID: "5001", chatExternalID: "-100", tokens: ["x": 1], now: contractEpoch)
            #expect(try await store.telegramPollChat(pollID: "5001")?.messageID == "77")
            try await store.saveTelegramPoll(pollID: "5001", chatID: "-200", kind: .group, messageID: "90", now: contractEpoch + 1)
            #expect(try await store.telegramPollChat(pollID: "5001")?.chatID == "-200")
            try await store.pruneChoices(olderThan: contractEpoch + 1)
            #expect(try await store.telegramPollChat(pollID: "5002") == nil)
            #expect(try await store.telegramPollChat(pollID: "5001")?.messageID == "90")
        }
    }
}
