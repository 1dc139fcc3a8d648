import Chat
import Foundation
import HTTP
import JSON
import Matrix
import Secrets
import Storage
import Synchronization
import Testing

@Suite struct MatrixServiceTests {
    @Test func theFirstSyncDoesNotAnswerHistoryAndLaterEventsAreAnsweredOnce() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        harness.server.queueSync(
            Wire.sync("s1", events: [Wire.message("$old", body: "/echo old")]),
            Wire.sync("s2", events: [Wire.message("$new", body: "/echo new")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        #expect(harness.sentBodies == ["new"])
        #expect(try await harness.store.cursor(transport: "matrix") == "s2")
        #expect(try await harness.store.isProcessed(transport: "matrix", updateID: "$new"))
        let syncs = harness.server.requests("GET", containing: "/sync")
        #expect(syncs.first?.url.contains("timeout=0") == true)
        #expect(syncs.dropFirst().first?.url.contains("since=s1") == true)
        #expect(syncs.dropFirst().first?.url.contains("timeout=30000") == true)
        #expect(harness.server.requests.allSatisfy { !$0.url.contains("access_token") })
        #expect(syncs.first?.headers["Authorization"] == "Bearer stored-token-1")
    }

    @Test func eventsHandledBeforeARestartAreNotAnsweredAgain() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.markProcessed(transport: "matrix", updateID: "$2", cursor: "s1")
        harness.server.queueSync(Wire.sync("s2", events: [Wire.message("$2", body: "/echo two"), Wire.message("$3", body: "/echo three")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        #expect(harness.sentBodies == ["three"])
    }

    @Test func aLimitedTimelineIsFilledBackToTheLastHandledEvent() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.markProcessed(transport: "matrix", updateID: "$1", cursor: "s1")
        harness.server.on { _, path, query in
            guard path.contains("/messages"), query["from"] == "p1", query["dir"] == "b" else { return nil }
            return .json(["chunk": [Wire.message("$3", body: "/echo 3"), Wire.message("$2", body: "/echo 2"),
                                    Wire.message("$1", body: "/echo 1"), Wire.message("$0", body: "/echo 0")], "end": "p0"])
        }
        harness.server.queueSync(Wire.sync("s2", events: [Wire.message("$4", body: "/echo 4")], limited: true, prevBatch: "p1"))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        #expect(harness.sentBodies == ["2", "3", "4"])
    }

    @Test func anEncryptedEventWithoutItsKeyIsParkedNotAnswered() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        let encryption: JSON = ["type": "m.room.encryption", "state_key": "", "event_id": "$e", "sender": "@ana:test",
                                "content": ["algorithm": "m.megolm.v1.aes-sha2"]]
        let encrypted: JSON = ["type": "m.room.encrypted", "event_id": "$x", "sender": "@ana:test",
                               "content": ["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "AwgA", "session_id": "S1", "sender_key": "K"]]
        harness.server.queueSync(Wire.sync("s2", state: [encryption]), Wire.sync("s3", events: [encrypted]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s3" }
        #expect(harness.sentBodies.isEmpty)
        let parked = try await harness.store.matrixCryptoRecords(kind: "pending_event", prefix: "")
        #expect(parked.map(\.id) == ["!r:test|S1|$x"])
        #expect(!harness.server.requests("POST", containing: "/keys/upload").isEmpty, "the device keys were published")
    }

    @Test func repliesInAnEncryptedRoomAreSentEncrypted() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        harness.server.on { _, path, _ in
            path.contains("/state/m.room.encryption") ? .json(["algorithm": "m.megolm.v1.aes-sha2"]) : nil
        }
        harness.server.queueSync(Wire.sync("s2", events: [Wire.message("$p", body: "/echo plain")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        #expect(harness.sentBodies.isEmpty)
        let sent = harness.server.requests("PUT", containing: "/send/m.room.encrypted/")
        #expect(sent.count == 1)
        if case .bytes(let bytes, _) = sent.first?.body {
            let content = try JSON.parse(bytes: bytes)
            #expect(content["algorithm"]?.string == "m.megolm.v1.aes-sha2")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("plain"))
        }
    }

    @Test func invitesFromTheAllowlistAreJoinedAndOthersRefused() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        func invite(_ from: String) -> JSON {
            ["invite_state": ["events": [["type": "m.room.member", "state_key": "@bot:test", "sender": .string(from),
                                          "content": ["membership": "invite"]]]]]
        }
        harness.server.queueSync(Wire.sync("s1", invites: ["!a:test": invite("@ana:test"), "!b:test": invite("@eve:evil.test"),
                                                           "!c:test": invite("@bob:friends.test")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s1" }
        let posts = harness.server.requests("POST", containing: "/_matrix/client/v3/").map(\.url)
        #expect(posts.contains { $0.hasSuffix("/join/%21a%3Atest") })
        #expect(posts.contains { $0.hasSuffix("/join/%21c%3Atest") })
        #expect(posts.contains { $0.hasSuffix("/rooms/%21b%3Atest/leave") })
        #expect(!posts.contains { $0.hasSuffix("/join/%21b%3Atest") })
    }

    @Test func aReactionOnAMenuPressesThatButton() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        harness.server.queueSync(Wire.sync("s2", events: [Wire.message("$ask", body: "/ask")]))
        // The reactions come once the menu is out, as from a person ($sent1 is the fake server's id for it).
        let reacted = Flag()
        try await harness.run {
            let cursor = try? await harness.store.cursor(transport: "matrix")
            if cursor == "s2", !reacted.isSet {
                reacted.set()
                harness.server.queueSync(
                    Wire.sync("s3", events: [Wire.reaction("$r", on: "$sent1", key: "2️⃣"), Wire.reaction("$r2", on: "$sent1", key: "😀")]))
            }
            return cursor == "s3"
        }
        #expect(harness.sentBodies == ["Pick one\n\n1️⃣ A   2️⃣ B", "picked B"])
        #expect(try await harness.store.sentChoices(transport: "matrix", messageID: "$sent1") != nil)
    }

    @Test func aSlowHandlerInOneRoomDoesNotHoldUpTheNextSync() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        harness.server.queueSync(
            Wire.sync("s2", room: "!a:test", events: [Wire.message("$slow", body: "/slow")]),
            Wire.sync("s3", room: "!b:test", events: [Wire.message("$quick", body: "/echo quick")]))
        let cursorWhileSlow = Mutex<String?>(nil)
        try await harness.run {
            let cursor = try? await harness.store.cursor(transport: "matrix")
            if harness.sentBodies.contains("quick"), !harness.gate.isSet {
                cursorWhileSlow.withLock { $0 = cursor }
                harness.gate.set()
            }
            return cursor == "s3"
        }
        // Room b was answered while room a's handler still ran, and the stored position stayed before
        // the unfinished batch until it was done.
        #expect(harness.sentBodies == ["quick", "slow done"])
        #expect(cursorWhileSlow.withLock { $0 } == "s1")
        #expect(try await harness.store.isProcessed(transport: "matrix", updateID: "$slow"))
        #expect(try await harness.store.isProcessed(transport: "matrix", updateID: "$quick"))
    }

    @Test func sendersAreKnownByTheDisplayNameFromTheirMembershipEvent() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        let member: JSON = ["type": "m.room.member", "state_key": "@ana:test", "sender": "@ana:test", "event_id": "$m",
                            "content": ["membership": "join", "displayname": " Ana Lima "]]
        harness.server.queueSync(
            Wire.sync("s2", events: [Wire.message("$1", body: "/echo one")], state: [member]),
            // Lazy-loaded members are not sent again: the name stays known.
            Wire.sync("s3", events: [Wire.message("$2", body: "/echo two")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s3" }
        #expect(harness.sentBodies == ["one", "two"])
        #expect(try await harness.store.user(key: "matrix:@ana:test")?.displayName == "Ana Lima")
    }

    @Test func anEventRepeatedInOneSyncIsAnsweredOnce() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        harness.server.queueSync(Wire.sync("s2", events: [Wire.message("$1", body: "/echo once"), Wire.message("$1", body: "/echo once")]))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        #expect(harness.sentBodies == ["once"])
    }

    @Test func aRejectedTokenLogsInAgainWithTheSameDevice() async throws {
        let harness = try ServiceHarness(token: "old-token-1", password: "secret-pw", device: "DEV1")
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        harness.server.on { request, path, _ in
            guard path.hasSuffix("/sync"), request.headers["Authorization"] == "Bearer old-token-1" else { return nil }
            return .json(["errcode": "M_UNKNOWN_TOKEN", "error": "expired", "soft_logout": true], status: 401)
        }
        harness.server.queueSync(Wire.sync("s2"))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s2" }
        let login = try #require(harness.server.requests("POST", containing: "/login").first)
        guard case .bytes(let bytes, _) = login.body else { Issue.record("no login body"); return }
        let body = try JSON.parse(bytes: bytes)
        #expect(body["device_id"] == "DEV1")
        #expect(body["identifier"] == ["type": "m.id.user", "user": "@bot:test"])
        #expect(harness.keys.value(for: SecretName.matrixAccessToken) == "fresh-token-123")
        #expect(harness.server.requests("GET", containing: "/sync").last?.headers["Authorization"] == "Bearer fresh-token-123")
    }

    @Test func aRejectedTokenWithoutAPasswordStopsTheService() async throws {
        let harness = try ServiceHarness(token: "old-token-1")
        defer { harness.cleanUp() }
        harness.server.on { _, path, _ in
            path.hasSuffix("/sync") ? .json(["errcode": "M_UNKNOWN_TOKEN", "error": "gone"], status: 401) : nil
        }
        await #expect(throws: MatrixError.unknownToken(softLogout: false, message: "gone")) {
            try await harness.run { false }
        }
        #expect(harness.server.requests("GET", containing: "/sync").count == 1)
    }
}
