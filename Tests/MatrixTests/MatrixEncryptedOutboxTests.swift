import Chat
import Foundation
import HTTP
import JSON
import Matrix
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct MatrixEncryptedOutboxTests {
    /// A transport that encrypts for rooms whose state says so, over the harness's fake server and store.
    static func transport(_ harness: ServiceHarness, attribution: SendAttribution) -> MatrixTransport {
        let logger = Logger(label: "test", sink: MemoryLogSink())
        let client = MatrixClient(http: harness.server, baseURL: "http://hs.test", session: MatrixSession(keys: harness.keys))
        let encryptor = RoomEncryptor(client: client, keys: harness.keys, store: harness.store, userID: "@bot:test", clock: SystemClock(), logger: logger)
        let outbox = MatrixOutbox(
            client: client, store: harness.store, attribution: attribution, configuration: ServiceHarness.configuration, clock: SystemClock(),
            logger: logger, encryptor: encryptor)
        return MatrixTransport(outbox: outbox, userID: "@bot:test", logger: logger)
    }

    @Test func aReplySentAgainAfterACrashReusesItsCiphertextAndTransactionID() async throws {
        let harness = try ServiceHarness(device: "DEV1")
        defer { harness.cleanUp() }
        let failFirst = Mutex(true)
        harness.server.on { _, path, _ in
            if path.contains("/state/m.room.encryption") { return .json(["algorithm": "m.megolm.v1.aes-sha2"]) }
            guard path.contains("/send/"), failFirst.withLock({ first in
                let now = first
                first = false
                return now
            }) else { return nil }
            return .json(["errcode": "M_UNKNOWN", "error": "refused once"], status: 400)
        }
        let room = ChatAddress(transport: "matrix", id: "!r:test", kind: .privateChat)
        let before = SendAttribution()
        await before.began("$in:test", room: room.id)
        await #expect(throws: MatrixError.self) { try await Self.transport(harness, attribution: before).send(.text("secret reply"), to: room) }
        // A new process handles the same event again: same txnId, same stored ciphertext, no new encryption.
        let after = SendAttribution()
        await after.began("$in:test", room: room.id)
        _ = try await Self.transport(harness, attribution: after).send(.text("secret reply"), to: room)
        let puts = harness.server.requests("PUT", containing: "/send/m.room.encrypted/")
        #expect(puts.count == 2)
        #expect(puts.first?.url == puts.last?.url)
        guard case .bytes(let first, _) = puts.first?.body, case .bytes(let second, _) = puts.last?.body else {
            Issue.record("sends without a body")
            return
        }
        #expect(first == second)
        #expect(!String(decoding: first, as: UTF8.self).contains("secret reply"))
        #expect(try JSON.parse(bytes: first)["algorithm"]?.string == "m.megolm.v1.aes-sha2")
    }
}
