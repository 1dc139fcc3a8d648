import Chat
import Foundation
import Matrix
import Storage
import Support
import Testing
import WardrobeTestKit

/// Workers sharing one Matrix account: the elected one sends, the others relay through the outbox.
@Suite struct SharedMatrixTransportTests {
    static let room = ChatAddress(transport: "matrix", id: "!r:test", kind: .group)
    static let logger = Logger(label: "test", sink: MemoryLogSink())

    /// Two workers on one store: the elected one serving its own transport and sending relayed rows
    /// (until the returned task is cancelled), and a follower that relays.
    static func relayingPair(
        _ harness: ServiceHarness
    ) -> (elected: SharedMatrixTransport, follower: SharedMatrixTransport, own: MatrixTransport, relaying: Task<Void, any Error>) {
        let elected = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: logger)
        let follower = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: logger)
        let own = MatrixOutboxTests.transport(harness, attribution: SendAttribution())
        elected.serve(through: own)
        let relaying = Task { try await elected.deliverRelayed(through: own, pollSeconds: 0.02) }
        return (elected, follower, own, relaying)
    }

    @Test func aWorkerNotElectedRelaysItsMessageAndGetsTheEventIDTheElectedOneSent() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let (_, follower, _, relaying) = Self.relayingPair(harness)
        defer { relaying.cancel() }

        let refs = try await follower.send(.text("Your try-on is ready"), to: Self.room)
        #expect(refs == [MessageRef(chatID: Self.room.id, messageID: "$sent1")])
        #expect(harness.server.sentMessages.map { $0["body"]?.string } == ["Your try-on is ready"])
        // The relay row is finished, so a later elected worker does not send it again.
        #expect(try await harness.store.pendingOutbox(transport: SharedMatrixTransport.relayTransport, since: .distantPast).isEmpty)
    }

    @Test func theElectedWorkerSendsDirectlyWithoutARelayRow() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let elected = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: Self.logger)
        elected.serve(through: MatrixOutboxTests.transport(harness, attribution: SendAttribution()))
        _ = try await elected.send(.text("hello"), to: Self.room)
        #expect(harness.server.requests("PUT", containing: "/send/").count == 1)
        #expect(try await harness.store.outboxMessage(transport: SharedMatrixTransport.relayTransport, chatExternalID: Self.room.id, remoteID: "$sent1") == nil)
    }

    @Test func aRelayedMessageNobodySendsInTimeFailsClearlyAndIsNotSentLater() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let clock = ManualClock()
        let follower = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: clock, logger: Self.logger, relaySeconds: 5)
        let sending = Task { try await follower.send(.text("daily outfit"), to: Self.room) }
        // No worker is elected: the message waits out its relay time.
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: 6)
        await #expect(throws: MatrixError.self) { _ = try await sending.value }
        // Dropped, not pending: a worker elected afterwards (it sends pending relay rows only) leaves it.
        #expect(try await harness.store.pendingOutbox(transport: SharedMatrixTransport.relayTransport, since: .distantPast).isEmpty)
        #expect(harness.server.requests("PUT", containing: "/send/").isEmpty)
    }

    @Test func aNewTermHoldsRelayedRepliesUntilItsLoginAndThenSendsThemOnce() async throws {
        let harness = try ServiceHarness(token: nil)
        defer { harness.cleanUp() }
        // The elected worker's term has not logged in yet: no token.
        let session = MatrixSession(keys: harness.keys)
        let client = MatrixClient(http: harness.server, baseURL: "http://hs.test", session: session)
        let own = MatrixTransport(
            outbox: MatrixOutbox(
                client: client, store: harness.store, attribution: SendAttribution(), configuration: ServiceHarness.configuration,
                clock: SystemClock(), logger: Self.logger),
            userID: "@bot:test", logger: Self.logger)
        // The relay loop runs on a manual clock, so each pass is one step of the test; it starts at the
        // real time, because the rows carry the real times of the workers that wrote them.
        let clock = ManualClock(now: Date())
        let relay = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: clock, logger: Self.logger)
        let elected = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: Self.logger)
        let follower = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: Self.logger)
        elected.serve(through: own)
        // Even the elected worker's own reply waits as a relay row rather than fail for want of a token.
        let ownReply = Task { try await elected.send(.text("first"), to: Self.room, reference: "e1-0") }
        try await waitUntil("the elected worker's reply is a relay row", seconds: 10) {
            try await harness.store.outbox(txnID: "mr-e1-0") != nil
        }
        let relaying = Task { try await relay.deliverRelayed(through: own, pollSeconds: 1) }
        defer { relaying.cancel() }
        // One pass found no token and sent nothing; the row is still pending, not failed. The next pass
        // (after the login) sends both rows, oldest first, so the room's order holds.
        let firstPass = await clock.waitForSleepers(1)
        try #require(firstPass, "the relay loop's first pass")
        #expect(harness.server.requests("PUT", containing: "/send/").isEmpty)
        #expect(try await harness.store.outbox(txnID: "mr-e1-0")?.state == "pending")

        await session.adopt("fresh-token-123")
        let followerReply = Task { try await follower.send(.text("second"), to: Self.room, reference: "e2-0") }
        try await waitUntil("the follower's relay row", seconds: 10) { try await harness.store.outbox(txnID: "mr-e2-0") != nil }
        clock.advance(by: 1)
        _ = try await ownReply.value
        _ = try await followerReply.value
        #expect(harness.sentBodies == ["first", "second"])
        #expect(harness.server.requests("PUT", containing: "/send/").count == 2)
    }
}
