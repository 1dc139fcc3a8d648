import Foundation
import JSON
import MatrixCrypto
import Olm
import Storage
import Support
import Testing
import WardrobeTestKit

/// Rows in memory, standing in for the database.
actor MemoryCryptoStore: CryptoRecordStore {
    var rows: [String: String] = [:]

    func matrixCryptoValue(kind: String, id: String) async throws -> String? { rows["\(kind)\u{0}\(id)"] }

    func matrixCryptoRecords(kind: String, prefix: String) async throws -> [MatrixCryptoRecord] {
        rows.filter { $0.key.hasPrefix("\(kind)\u{0}\(prefix)") }.sorted { $0.key < $1.key }
            .map { MatrixCryptoRecord(kind: kind, id: String($0.key.dropFirst(kind.count + 1)), value: $0.value) }
    }

    func saveMatrixCrypto(_ changes: [MatrixCryptoRecord], now: Date) async throws {
        for change in changes { rows["\(change.kind)\u{0}\(change.id)"] = change.value }
    }

    /// Every stored value joined, to look for plaintext key material.
    func everything() -> String { rows.values.joined(separator: "\n") }
}

@Suite struct OlmMachineTests {
    let pickleKey = try! PickleKey(bytes: [UInt8](repeating: 9, count: 32))
    let clock = ManualClock()
    let logger = Logger(label: "test", sink: MemoryLogSink())
    let room = "!room:localhost"

    func machine(_ user: String, _ device: String, store: MemoryCryptoStore) async throws -> OlmMachine {
        try await OlmMachine.open(store: store, pickleKey: pickleKey, userID: user, deviceID: device, clock: clock, logger: logger)
    }

    /// Alice learns Bob's device from his upload body and shares a room key with him; returns the to-device event for Bob.
    func share(from alice: OlmMachine, to bob: OlmMachine, bobUser: String) async throws -> JSON {
        let upload = try #require(try await bob.keysUploadBody(serverCount: 0))
        try await bob.keysUploaded()
        let query: JSON = ["device_keys": .object([bobUser: .object([bob.deviceID: upload["device_keys"]!])])]
        try await alice.receiveDeviceQuery(query, users: [bobUser])
        let devices = try await alice.devices(of: [bobUser])
        #expect(devices.count == 1)
        let claimedKey = try #require(upload["one_time_keys"]?.object?.first)
        let claim: JSON = ["one_time_keys": .object([bobUser: .object([bob.deviceID: .object([claimedKey.key: claimedKey.value])])])]
        #expect(try await alice.devicesWithoutOlmSession(devices) == devices)
        try await alice.receiveClaimedKeys(claim, for: devices)
        try await alice.prepareOutbound(roomID: room, policy: .standard)
        let (messages, skipped) = try await alice.roomKeyMessages(roomID: room, for: devices)
        #expect(skipped.isEmpty)
        try await alice.markRoomKeyShared(roomID: room, with: devices)
        #expect(try await alice.devicesWithoutRoomKey(roomID: room, among: devices).isEmpty)
        let content = try #require(messages[bobUser]?[bob.deviceID])
        return ["type": "m.room.encrypted", "sender": .string(alice.userID), "content": content]
    }

    @Test func aSharedRoomKeyLetsTheOtherDeviceDecryptRoomEvents() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        let toDevice = try await share(from: alice, to: bob, bobUser: "@bob:localhost")
        let arrival = try #require(try await bob.receiveToDevice(toDevice))
        #expect(arrival.roomID == room)
        let encrypted = try await alice.encrypt(roomID: room, type: "m.room.message", content: ["msgtype": "m.text", "body": "hello"])
        #expect(encrypted["ciphertext"]?.string?.contains("hello") == false)
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$1", "sender": "@alice:localhost", "content": encrypted]
        let plain = try await bob.decryptRoomEvent(event, roomID: room)
        #expect(plain["type"]?.string == "m.room.message")
        #expect(plain["content"]?["body"]?.string == "hello")
        #expect(plain["event_id"]?.string == "$1")
    }

    @Test func anEventBeforeItsKeyReportsTheMissingSession() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        let toDevice = try await share(from: alice, to: bob, bobUser: "@bob:localhost")
        let encrypted = try await alice.encrypt(roomID: room, type: "m.room.message", content: ["body": "early"])
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$2", "sender": "@alice:localhost", "content": encrypted]
        await #expect(throws: MatrixCryptoError.missingRoomKey(roomID: room, sessionID: encrypted["session_id"]!.string!)) {
            try await bob.decryptRoomEvent(event, roomID: room)
        }
        _ = try await bob.receiveToDevice(toDevice)
        #expect(try await bob.decryptRoomEvent(event, roomID: room)["content"]?["body"]?.string == "early")
    }

    @Test func anEventMovedToAnotherRoomIsRefused() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        _ = try await bob.receiveToDevice(try await share(from: alice, to: bob, bobUser: "@bob:localhost"))
        let encrypted = try await alice.encrypt(roomID: room, type: "m.room.message", content: ["body": "x"])
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$3", "content": encrypted]
        await #expect(throws: MatrixCryptoError.self) { try await bob.decryptRoomEvent(event, roomID: "!other:localhost") }
    }

    @Test func everySessionSurvivesARestartAndNoKeyRestsInPlaintext() async throws {
        let aliceStore = MemoryCryptoStore(), bobStore = MemoryCryptoStore()
        let alice = try await machine("@alice:localhost", "ALICE", store: aliceStore)
        let bob = try await machine("@bob:localhost", "BOB", store: bobStore)
        _ = try await bob.receiveToDevice(try await share(from: alice, to: bob, bobUser: "@bob:localhost"))
        _ = try await alice.encrypt(roomID: room, type: "m.room.message", content: ["body": "before"])
        // Both processes die; new machines read only the stored rows.
        let alice2 = try await machine("@alice:localhost", "ALICE", store: aliceStore)
        let bob2 = try await machine("@bob:localhost", "BOB", store: bobStore)
        #expect(alice2.identity == alice.identity)
        try await alice2.prepareOutbound(roomID: room, policy: .standard)
        let encrypted = try await alice2.encrypt(roomID: room, type: "m.room.message", content: ["body": "after"])
        #expect(encrypted["session_id"] == (try await alice.encrypt(roomID: room, type: "t", content: [:]))["session_id"])
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$4", "content": encrypted]
        #expect(try await bob2.decryptRoomEvent(event, roomID: room)["content"]?["body"]?.string == "after")
        #expect(try await bob2.keysUploadBody(serverCount: 49)?["device_keys"] == nil)
        let stored = await aliceStore.everything() + (await bobStore.everything())
        #expect(!stored.contains(encrypted["session_id"]!.string!) || !stored.contains("session_key"))
        #expect(!stored.contains("\"body\""))
    }

    @Test func theSessionRotatesAfterTheConfiguredNumberOfMessages() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let policy = RotationPolicy(milliseconds: 604_800_000, messages: 2)
        try await alice.prepareOutbound(roomID: room, policy: policy)
        let first = try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"]
        try await alice.prepareOutbound(roomID: room, policy: policy)
        #expect(try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"] == first)
        try await alice.prepareOutbound(roomID: room, policy: policy)
        #expect(try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"] != first)
    }

    @Test func theSessionRotatesAfterTheConfiguredTime() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let policy = RotationPolicy(encryptionContent: ["rotation_period_ms": 3_600_000])
        try await alice.prepareOutbound(roomID: room, policy: policy)
        let first = try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"]
        clock.advance(by: 3_601)
        try await alice.prepareOutbound(roomID: room, policy: policy)
        #expect(try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"] != first)
    }

    @Test func aMemberLeavingStartsANewSessionThatOnlyRemainingDevicesGet() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        _ = try await bob.receiveToDevice(try await share(from: alice, to: bob, bobUser: "@bob:localhost"))
        let before = try await alice.encrypt(roomID: room, type: "t", content: [:])["session_id"]
        try await alice.discardOutbound(roomID: room)
        try await alice.prepareOutbound(roomID: room, policy: .standard)
        let after = try await alice.encrypt(roomID: room, type: "m.room.message", content: ["body": "bob left"])
        #expect(after["session_id"] != before)
        // Bob held the old key only: the new session's messages stay closed to him.
        let event: JSON = ["type": "m.room.encrypted", "event_id": "$5", "content": after]
        await #expect(throws: MatrixCryptoError.self) { try await bob.decryptRoomEvent(event, roomID: room) }
        #expect(try await alice.devicesWithoutRoomKey(roomID: room, among: try await alice.devices(of: ["@bob:localhost"])).count == 1)
    }

    @Test func aDeviceWhoseKeysChangeAfterFirstUseKeepsItsPinnedKeys() async throws {
        let alice = try await machine("@alice:localhost", "ALICE", store: MemoryCryptoStore())
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        let impostor = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        let real = try #require(try await bob.keysUploadBody(serverCount: nil))["device_keys"]!
        let fake = try #require(try await impostor.keysUploadBody(serverCount: nil))["device_keys"]!
        try await alice.receiveDeviceQuery(["device_keys": ["@bob:localhost": ["BOB": real]]], users: ["@bob:localhost"])
        try await alice.receiveDeviceQuery(["device_keys": ["@bob:localhost": ["BOB": fake]]], users: ["@bob:localhost"])
        #expect(try await alice.devices(of: ["@bob:localhost"]).first?.ed25519 == bob.identity.ed25519)
    }

    @Test func oneTimeKeysAreToppedUpToTheTarget() async throws {
        let bob = try await machine("@bob:localhost", "BOB", store: MemoryCryptoStore())
        let body = try #require(try await bob.keysUploadBody(serverCount: 10))
        #expect(body["one_time_keys"]?.object?.count == 40)
        try await bob.keysUploaded()
        #expect(try await bob.keysUploadBody(serverCount: 50) == nil)
    }
}
