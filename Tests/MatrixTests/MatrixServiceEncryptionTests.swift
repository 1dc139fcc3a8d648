import Chat
import Foundation
import HTTP
import JSON
import Matrix
import MatrixCrypto
import Olm
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

@Suite struct MatrixServiceEncryptionTests {
    @Test func anEventThatArrivesBeforeItsRoomKeyIsAnsweredWhenTheKeyComes() async throws {
        let harness = try ServiceHarness(device: "DEV1")
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        // The device keys and the one-time keys come in separate uploads; keep the first of each.
        let uploaded = Mutex<(device: JSON?, oneTime: JSON?)>((nil, nil))
        harness.server.on { request, path, _ in
            if path.contains("/state/m.room.encryption") { return .json(["algorithm": "m.megolm.v1.aes-sha2"]) }
            if path.hasSuffix("/keys/upload"), case .bytes(let bytes, _) = request.body, let body = try? JSON.parse(bytes: bytes) {
                uploaded.withLock {
                    $0.device = $0.device ?? body["device_keys"]
                    $0.oneTime = $0.oneTime ?? body["one_time_keys"]
                }
            }
            return nil
        }
        harness.server.queueSync(Wire.sync("s2"))
        let ana = try await OlmMachine.open(
            store: MemoryCryptoStore(), pickleKey: try PickleKey(bytes: [UInt8](repeating: 5, count: 32)), userID: "@ana:test", deviceID: "ANA",
            clock: SystemClock(), logger: Logger(label: "test", sink: MemoryLogSink()))
        let queued = Flag()
        try await harness.run {
            let keys = uploaded.withLock { $0 }
            if !queued.isSet, let device = keys.device, let oneTime = keys.oneTime {
                let body: JSON = ["device_keys": device, "one_time_keys": oneTime]
                queued.set()
                // Ana's client encrypts "/echo hi" and sends the key only in the next sync.
                do {
                    let (event, toDevice) = try await Self.encrypted("/echo hi", from: ana, to: body)
                    harness.server.queueSync(Wire.sync("s3", events: [event]), Wire.sync("s4").setting("to_device", ["events": [toDevice]]))
                } catch {
                    Issue.record("cannot encrypt: \(error)")
                }
            }
            return !harness.server.requests("PUT", containing: "/send/m.room.encrypted/").isEmpty
        }
        #expect(harness.server.requests("PUT", containing: "/send/m.room.encrypted/").count == 1)
        #expect(try await harness.store.matrixCryptoRecords(kind: "pending_event", prefix: "").isEmpty)
        #expect(try await harness.store.isProcessed(transport: "matrix", updateID: "$enc1"))
    }

    @Test func aKeyThatNeverComesGetsOneShortNoticeAfterTheWait() async throws {
        let clock = ManualClock()
        var configuration = ServiceHarness.configuration
        configuration.roomKeyWaitSeconds = 60
        let harness = try ServiceHarness(device: "DEV1", clock: clock, configuration: configuration)
        defer { harness.cleanUp() }
        try await harness.store.setCursor(transport: "matrix", value: "s1")
        let encryption: JSON = ["type": "m.room.encryption", "state_key": "", "event_id": "$e", "sender": "@ana:test",
                                "content": ["algorithm": "m.megolm.v1.aes-sha2"]]
        let encrypted: JSON = ["type": "m.room.encrypted", "event_id": "$x", "sender": "@ana:test",
                               "content": ["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "AwgA", "session_id": "S1", "sender_key": "K"]]
        harness.server.queueSync(Wire.sync("s2", events: [encrypted], state: [encryption]))
        // The wait passes between the sync that parked the event and the next one; a third sync must not repeat the notice.
        harness.server.on { _, path, query in
            guard path.hasSuffix("/sync") else { return nil }
            switch query["since"] {
            case "s2":
                clock.advance(by: 61)
                return .json(Wire.sync("s3"))
            case "s3": return .json(Wire.sync("s4"))
            default: return nil
            }
        }
        let notices: @Sendable () -> Int = { harness.server.requests("PUT", containing: "/send/m.room.encrypted/").count }
        try await harness.run { (try? await harness.store.cursor(transport: "matrix")) == "s4" }
        #expect(try await harness.store.cursor(transport: "matrix") == "s4")
        #expect(notices() == 1, "one notice, not one per sync")
        #expect(try await harness.store.matrixCryptoRecords(kind: "pending_event", prefix: "").isEmpty)
    }

    /// Ana's encrypted room event and the to-device `m.room_key` for the bot's uploaded device.
    static func encrypted(_ text: String, from ana: OlmMachine, to upload: JSON) async throws -> (event: JSON, toDevice: JSON) {
        try await ana.receiveDeviceQuery(["device_keys": ["@bot:test": ["DEV1": upload["device_keys"]!]]], users: ["@bot:test"])
        let devices = try await ana.devices(of: ["@bot:test"])
        let oneTime = try #require(upload["one_time_keys"]?.object?.first)
        try await ana.receiveClaimedKeys(["one_time_keys": ["@bot:test": ["DEV1": .object([oneTime.key: oneTime.value])]]], for: devices)
        try await ana.prepareOutbound(roomID: "!r:test", policy: .standard)
        let (messages, _) = try await ana.roomKeyMessages(roomID: "!r:test", for: devices)
        let content = try await ana.encrypt(roomID: "!r:test", type: "m.room.message", content: ["msgtype": "m.text", "body": .string(text)])
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$enc1", "sender": "@ana:test", "origin_server_ts": 1, "content": content]
        let toDevice: JSON = ["type": "m.room.encrypted", "sender": "@ana:test", "content": try #require(messages["@bot:test"]?["DEV1"])]
        return (event, toDevice)
    }
}

/// Rows in memory, for the other side's machine.
actor MemoryCryptoStore: CryptoRecordStore {
    var rows: [String: String] = [:]

    func matrixCryptoValue(kind: String, id: String) async throws -> String? { rows["\(kind)\u{0}\(id)"] }

    func matrixCryptoRecords(kind: String, prefix: String) async throws -> [MatrixCryptoRecord] {
        rows.filter { $0.key.hasPrefix("\(kind)\u{0}\(prefix)") }.map { MatrixCryptoRecord(kind: kind, id: String($0.key.dropFirst(kind.count + 1)), value: $0.value) }
    }

    func saveMatrixCrypto(_ changes: [MatrixCryptoRecord], now: Date) async throws {
        for change in changes { rows["\(change.kind)\u{0}\(change.id)"] = change.value }
    }
}
