import Chat
import Foundation
import HTTP
import JSON
import Matrix
import Secrets
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct MatrixOutboxTests {
    /// A transport over the harness's fake server, with its own attribution (a fresh one = a restarted process).
    static func transport(_ harness: ServiceHarness, attribution: SendAttribution, clock: any WallClock = SystemClock()) -> MatrixTransport {
        let session = MatrixSession(keys: harness.keys)
        let client = MatrixClient(http: harness.server, baseURL: "http://hs.test", session: session)
        let outbox = MatrixOutbox(
            client: client, store: harness.store, attribution: attribution, configuration: ServiceHarness.configuration, clock: clock,
            logger: Logger(label: "test", sink: MemoryLogSink()))
        return MatrixTransport(outbox: outbox, userID: "@bot:test", logger: Logger(label: "test", sink: MemoryLogSink()))
    }

    static let room = ChatAddress(transport: "matrix", id: "!r:test", kind: .privateChat)

    @Test func aSendRetriedAfterATimeoutReusesItsTransactionID() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let calls = Mutex(0)
        harness.server.on { _, path, _ throws(HTTPError) in
            guard path.contains("/send/") else { return nil }
            if calls.withLock({ $0 += 1; return $0 }) == 1 { throw .timeout("operation timed out") }
            return nil
        }
        let refs = try await Self.transport(harness, attribution: SendAttribution()).send(.text("hello"), to: Self.room)
        let puts = harness.server.requests("PUT", containing: "/send/m.room.message/")
        #expect(puts.count == 2)
        #expect(puts[0].url == puts[1].url)
        #expect(refs.first?.messageID == "$sent1")
    }

    /// A send the stopping worker took back (the HTTP call cancelled, which the client reports as a
    /// cancellation) leaves its row pending, to go under the same transaction id after the restart.
    @Test func aSendTakenBackByAStopLeavesTheRowPending() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        harness.server.on { _, path, _ throws(HTTPError) in
            guard path.contains("/send/") else { return nil }
            throw .cancelled
        }
        await #expect(throws: CancellationError.self) {
            try await Self.transport(harness, attribution: SendAttribution()).send(.text("hello"), to: Self.room)
        }
        let pending = try await harness.store.pendingOutbox(transport: "matrix")
        #expect(pending.count == 1)
        #expect(pending.first?.payload["content"]?["body"]?.string == "hello")
    }

    @Test func handlingAnEventAgainAfterACrashSendsNothingTwice() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let before = SendAttribution()
        await before.began("$in:test", room: Self.room.id)
        let first = try await Self.transport(harness, attribution: before).send(.text("reply"), to: Self.room)
        // The process dies before recording $in as handled; after the restart it is handled again.
        let after = SendAttribution()
        await after.began("$in:test", room: Self.room.id)
        let second = try await Self.transport(harness, attribution: after).send(.text("reply, again"), to: Self.room)
        #expect(first == second)
        #expect(harness.server.requests("PUT", containing: "/send/").count == 1)
        #expect(harness.server.requests.first?.url.hasSuffix("/mx-intest-0") == true)
    }

    @Test func aMessagePersistedButUnconfirmedBeforeACrashIsResentUnderItsID() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        _ = try await harness.store.enqueueOutbox(
            transport: "matrix", chatExternalID: "!r:test", txnID: "mx-pending-0",
            payload: ["type": "m.room.message", "content": ["msgtype": "m.notice", "body": "late"]])
        harness.server.queueSync(Wire.sync("s1"))
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s1" }
        #expect(harness.server.requests("PUT", containing: "/send/m.room.message/mx-pending-0").count == 1)
        #expect(try await harness.store.outbox(txnID: "mx-pending-0")?.state == "sent")
    }

    @Test func aRateLimitedSendWaitsForRetryAfterThenReusesTheID() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let calls = Mutex(0)
        harness.server.on { _, path, _ in
            guard path.contains("/send/"), calls.withLock({ $0 += 1; return $0 }) == 1 else { return nil }
            return .json(["errcode": "M_LIMIT_EXCEEDED", "retry_after_ms": 60_000], status: 429, headers: ["Retry-After": "3"])
        }
        let clock = ManualClock()
        let transport = Self.transport(harness, attribution: SendAttribution(), clock: clock)
        let sending = Task { try await transport.send(.text("hi"), to: Self.room) }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: 2.9)
        try await Task.sleep(for: .milliseconds(50))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 0.2)
        _ = try await sending.value
        let puts = harness.server.requests("PUT", containing: "/send/")
        #expect(puts.count == 2 && puts[0].url == puts[1].url)
    }

    @Test func menusRecordTheirTokensAndEditsMoveThem() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let transport = Self.transport(harness, attribution: SendAttribution())
        let ref = try #require(try await transport.send(.text("Pick", buttons: [[Button(title: "A", token: "ta")]]), to: Self.room).first)
        #expect(try await harness.store.sentChoices(transport: "matrix", messageID: ref.messageID)?.tokens == ["buttons": ["ta"]])
        try await transport.send(.edit(ref, "Picked", buttons: []), to: Self.room)
        #expect(try await harness.store.sentChoices(transport: "matrix", messageID: ref.messageID) == nil)
        let edit = try #require(harness.server.sentMessages.last)
        #expect(edit["m.relates_to"] == ["rel_type": "m.replace", "event_id": .string(ref.messageID)])
    }
}
