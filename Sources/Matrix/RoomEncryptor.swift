import Foundation
import JSON
import MatrixCrypto
import Olm
import Secrets
import Storage
import Support

/// End-to-end encryption for the Matrix service: opens the device's engine, keeps its keys uploaded,
/// knows which rooms are encrypted, and encrypts outgoing room events after sharing the room key.
public actor RoomEncryptor {
    /// The key derivation context of the pickle key (8 characters, libsodium `crypto_kdf`).
    static let pickleKeyContext = "wdolmpk1"
    let client: MatrixClient
    let keys: KeyStore
    let userID: String
    let clock: any WallClock
    let logger: Logger
    private var engine: (any EndToEndEncryption)?
    private var opening: Task<any EndToEndEncryption, any Error>?
    /// Room id → its `m.room.encryption` content, or nil for a room known to be unencrypted.
    private var rooms: [String: JSON?] = [:]
    private var keysPublished = false
    private let recordStore: any CryptoRecordStore

    /// An encryptor for the bot `userID` over `client`; state rests in `store`, pickled with a key derived from `keys`.
    public init(client: MatrixClient, keys: KeyStore, store: any CryptoRecordStore, userID: String, clock: any WallClock, logger: Logger) {
        self.client = client
        self.keys = keys
        self.recordStore = store
        self.userID = userID
        self.clock = clock
        self.logger = logger
    }

    /// The device's engine, opened (or created) once per process for the logged-in device.
    func device() async throws -> any EndToEndEncryption {
        if let engine { return engine }
        if let opening { return try await opening.value }
        let task = Task { [client, keys, recordStore, userID, clock, logger] () async throws -> any EndToEndEncryption in
            var deviceID = await client.session.deviceID
            if deviceID == nil { deviceID = try await client.whoAmIDevice() }
            let pickleKey = try PickleKey(bytes: try keys.derivedKeyBytes(context: RoomEncryptor.pickleKeyContext))
            return try await OlmMachine.open(
                store: recordStore, pickleKey: pickleKey, userID: userID, deviceID: deviceID ?? "", clock: clock, logger: logger)
        }
        opening = task
        do {
            let opened = try await task.value
            engine = opened
            opening = nil
            return opened
        } catch {
            opening = nil
            throw error
        }
    }

    /// Uploads the device keys (once per process) and tops the one-time keys up; `serverCount` from `/sync`.
    func uploadKeys(serverCount: Int?) async throws {
        let engine = try await device()
        var count = serverCount
        if keysPublished, let known = count, known >= 50 { return }
        while let body = try await engine.keysUploadBody(serverCount: count) {
            let stored = try await client.uploadKeys(body)
            try await engine.keysUploaded()
            if stored == count { break }
            count = stored
        }
        keysPublished = true
    }

    /// Notes what a sync showed about a room's encryption: its `m.room.encryption` content when present.
    func observe(roomID: String, encryptionContent: JSON?) {
        if let encryptionContent { rooms[roomID] = .some(encryptionContent) }
    }

    /// The room's encryption content, or nil when it is not encrypted (asked from the server once per room).
    func encryption(of roomID: String) async throws -> JSON? {
        if let known = rooms[roomID] { return known }
        let content = try await client.encryptionState(roomID: roomID)
        rooms[roomID] = .some(content)
        return content
    }

    /// Whether `roomID` is encrypted.
    public func isEncrypted(_ roomID: String) async throws -> Bool { try await encryption(of: roomID) != nil }

    /// The `m.room.encrypted` content for an event, after sharing the room key with every member device
    /// that lacks it (`/keys/query`, `/keys/claim`, `sendToDevice`).
    func encrypt(roomID: String, type: String, content: JSON) async throws -> JSON {
        let engine = try await device()
        let policy = RotationPolicy(encryptionContent: try await encryption(of: roomID))
        try await engine.prepareOutbound(roomID: roomID, policy: policy)
        let members = try await client.joinedMembers(roomID: roomID)
        let stale = await engine.usersNeedingDeviceQuery(members)
        if !stale.isEmpty { try await engine.receiveDeviceQuery(try await client.queryKeys(users: stale), users: stale) }
        let lacking = try await engine.devicesWithoutRoomKey(roomID: roomID, among: try await engine.devices(of: members))
        if !lacking.isEmpty {
            let unconnected = try await engine.devicesWithoutOlmSession(lacking)
            if !unconnected.isEmpty {
                let claimed = try await client.claimKeys(unconnected.map { ($0.userID, $0.deviceID) })
                try await engine.receiveClaimedKeys(claimed, for: unconnected)
            }
            let (messages, skipped) = try await engine.roomKeyMessages(roomID: roomID, for: lacking)
            if !messages.isEmpty {
                try await client.sendToDevice(type: "m.room.encrypted", txnID: "key-\(UUID().uuidString.lowercased())", messages: messages)
                let delivered = lacking.filter { device in !skipped.contains(device) }
                try await engine.markRoomKeyShared(roomID: roomID, with: delivered)
                logger.info("shared the room key", ["room": roomID, "devices": delivered.count])
            }
        }
        return try await engine.encrypt(roomID: roomID, type: type, content: content)
    }
}

extension RoomEncryptor {
    /// Uploads the device keys once per process (the one-time key count follows from `/sync`).
    func publishIfNeeded() async throws {
        guard !keysUploadedOnce else { return }
        try await uploadKeys(serverCount: nil)
    }

    /// Whether this process has uploaded the keys.
    var keysUploadedOnce: Bool { keysPublished }

    /// A to-device event; returns the room key it carried.
    func receiveToDevice(_ event: JSON) async throws -> RoomKeyArrival? {
        try await device().receiveToDevice(event)
    }

    /// The plaintext form of an encrypted room event.
    func decrypt(_ event: JSON, roomID: String) async throws -> JSON {
        try await device().decryptRoomEvent(event, roomID: roomID)
    }

    /// Device lists that changed: fetched again before the next key share.
    func deviceListsChanged(_ users: [String]) async throws {
        try await device().deviceListsChanged(users)
    }

    /// Someone left an encrypted room: the next message starts a new room key they never get.
    func membersLeft(_ roomID: String) async throws {
        try await device().discardOutbound(roomID: roomID)
    }
}
