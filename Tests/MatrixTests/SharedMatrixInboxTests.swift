import Chat
import Foundation
import JSON
import Matrix
import Postgres
import PostgresTestKit
import Scale
import Secrets
import Storage
import Support
import Testing
import WardrobeTestKit

/// As in the executable: on PostgreSQL the Matrix worker's state is shared.
extension PostgresStore: MatrixStore {}

/// Two workers on one PostgreSQL database and a fake homeserver, in one process: the elected worker's
/// sync lands in the shared inbox with its position, and both workers' claim loops answer the rooms,
/// each room in the order of its messages, each message once.
@Suite(.serialized, .enabled(if: TestDatabase.isConfigured, Comment(rawValue: TestDatabase.skipMessage)))
struct SharedMatrixInboxTests {
    /// One worker's parts: its storage and inbox sessions, its router and claim loop, its log.
    struct Worker {
        let store: PostgresStore
        let inbox: PostgresSharedInbox
        let transport: SharedMatrixTransport
        let dispatcher: ChatDispatcher
        let loop: MatrixClaimLoop
        let log: MemoryLogSink

        init(_ name: String, database: TestDatabase) async throws {
            let worker = try WorkerID(name)
            store = PostgresStore(session: try await database.connect(), worker: worker)
            inbox = PostgresSharedInbox(
                inbox: Inbox(session: try await database.connect(), configuration: InboxConfiguration(leaseSeconds: 5), clock: SystemClock()),
                worker: worker, conninfo: database.conninfo, logger: Logger(label: "scale", level: .warning))
            log = MemoryLogSink()
            let logger = Logger(label: name, sink: log)
            transport = SharedMatrixTransport(userID: "@bot:test", store: store, clock: SystemClock(), logger: logger)
            dispatcher = ChatDispatcher(router: ServiceHarness.router(store, logger: logger, gate: Flag()), logger: logger)
            // One room at a time, so the other worker finds rooms to claim while this one is busy.
            loop = MatrixClaimLoop(
                inbox: inbox, transport: transport, store: store, dispatcher: dispatcher,
                mapper: EventMapper(botUserID: "@bot:test", maxDownloadBytes: 1000) { _ in [] },
                configuration: MatrixClaimLoop.Configuration(claimsInFlight: 1, renewSeconds: 1), clock: SystemClock(), logger: logger)
        }

        /// How many events this worker recorded as handled.
        var handled: Int { log.lines.filter { $0.contains("matrix event handled") }.count }

        func close() async {
            await inbox.close()
            await inbox.inbox.session.close()
            await store.session.close()
        }
    }

    static func sync(_ next: String, rooms: [String: [JSON]]) -> JSON {
        var joined: [String: JSON] = [:]
        for (room, events) in rooms { joined[room] = ["timeline": ["events": .array(events), "limited": false], "state": ["events": []]] }
        return ["next_batch": .string(next), "rooms": ["join": .object(joined)]]
    }

    @Test func theElectedWorkersSyncLandsInTheInboxAndBothWorkersAnswerEveryRoomInOrder() async throws {
        try await TestDatabase.with { database in
            let setup = try await database.connect()
            try await Migrator().migrate(setup)
            await setup.close()
            let harness = try ServiceHarness()
            defer { harness.cleanUp() }
            let elected = try await Worker("w1", database: database)
            let follower = try await Worker("w2", database: database)
            let service = MatrixService(
                configuration: ServiceHarness.configuration, http: harness.server, keys: harness.keys, store: elected.store,
                dispatcher: elected.dispatcher, clock: SystemClock(), logger: Logger(label: "sync", sink: MemoryLogSink()),
                sharing: MatrixService.Sharing(
                    inbox: elected.inbox, token: SharedAccessToken(store: elected.store, keys: harness.keys, userID: "@bot:test", clock: SystemClock())))
            elected.transport.serve(through: service.transport)

            let rooms = ["A", "B", "C", "D"]
            var timelines: [String: [JSON]] = [:]
            for room in rooms {
                timelines["!\(room):test"] = (1...5).map { Wire.message("$\(room)\($0)", body: "/echo \(room)-\($0)") }
            }
            // The first sync only marks the start; the second carries 20 messages in four rooms.
            harness.server.queueSync(Self.sync("s1", rooms: [:]), Self.sync("s2", rooms: timelines))

            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await elected.dispatcher.run() }
                group.addTask { await follower.dispatcher.run() }
                group.addTask { try await service.run() }
                group.addTask { try await elected.transport.deliverRelayed(through: service.transport, pollSeconds: 0.02) }
                group.addTask { try await elected.loop.run() }
                group.addTask { try await follower.loop.run() }
                try await waitUntil("20 replies", seconds: 60) { harness.sentBodies.count >= 20 }
                try await waitUntil("every inbox row done", seconds: 10) {
                    try await elected.store.session.query("SELECT 1 FROM inbox WHERE state <> 'done'").isEmpty
                }
                await service.shutdown()
                group.cancelAll()
                await elected.dispatcher.finish()
                await follower.dispatcher.finish()
                while let next = await group.nextResult() { _ = next }
            }

            let bodies = harness.sentBodies
            for room in rooms {
                #expect(bodies.filter { $0.hasPrefix("\(room)-") } == (1...5).map { "\(room)-\($0)" }, "room \(room): \(bodies)")
            }
            #expect(bodies.count == 20)
            let rows = try await elected.store.session.query("SELECT count(*)::bigint AS n FROM inbox WHERE network = 'matrix' AND state = 'done'")
            #expect(try rows.first?.int("n") == 20)
            #expect(try await elected.inbox.cursor(network: "matrix") == "s2")
            // Both workers handled events; the elected one published its token for the other's downloads.
            print("shared Matrix inbox: the elected worker handled \(elected.handled) events, the other \(follower.handled)")
            #expect(elected.handled > 0 && follower.handled > 0, "handled: elected \(elected.handled), other \(follower.handled)")
            #expect(elected.handled + follower.handled == 20)
            #expect(try await SharedAccessToken(store: follower.store, keys: harness.keys, userID: "@bot:test", clock: SystemClock()).load() == "stored-token-1")
            await elected.close()
            await follower.close()
        }
    }
}

/// Waits, with a bound, until `condition` holds.
func waitUntil(_ what: String, seconds: Double, _ condition: @escaping @Sendable () async throws -> Bool) async throws {
    try await withDeadline(seconds: seconds, what) {
        while try await !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }
}
