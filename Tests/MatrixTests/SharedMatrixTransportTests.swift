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

    @Test func aWorkerNotElectedRelaysItsMessageAndGetsTheEventIDTheElectedOneSent() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let elected = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: Self.logger)
        let follower = SharedMatrixTransport(userID: "@bot:test", store: harness.store, clock: SystemClock(), logger: Self.logger)
        let own = MatrixOutboxTests.transport(harness, attribution: SendAttribution())
        elected.serve(through: own)
        let relaying = Task { try await elected.deliverRelayed(through: own, pollSeconds: 0.02) }
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
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 6)
        await #expect(throws: MatrixError.self) { _ = try await sending.value }
        // Dropped, not pending: a worker elected afterwards (it sends pending relay rows only) leaves it.
        #expect(try await harness.store.pendingOutbox(transport: SharedMatrixTransport.relayTransport, since: .distantPast).isEmpty)
        #expect(harness.server.requests("PUT", containing: "/send/").isEmpty)
    }
}
