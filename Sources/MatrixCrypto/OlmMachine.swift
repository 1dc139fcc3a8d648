import Foundation
import JSON
import Olm
import Storage
import Support

/// The bot's Matrix device on libolm: its account, Olm sessions, Megolm sessions and the devices it
/// trusts on first use, each persisted (pickled with `pickleKey`) before a result leaves the actor.
///
/// An actor, so the C handles (not Sendable) are touched by one task at a time.
public actor OlmMachine: EndToEndEncryption {
    /// The bot's user id.
    public nonisolated let userID: String
    /// The bot's device id.
    public nonisolated let deviceID: String
    /// The device's public identity keys.
    public nonisolated let identity: IdentityKeys
    let store: any CryptoRecordStore
    let pickleKey: PickleKey
    let clock: any WallClock
    let logger: Logger
    let account: OlmAccount
    var deviceKeysPublished: Bool
    /// Their Curve25519 key → sessions with that device, most recently used first (loaded on demand).
    var olmSessionCache: [String: [StoredOlmSession]] = [:]
    /// `room|sender key|session id` → inbound Megolm session (loaded on demand).
    var inboundSessions: [String: InboundGroupSession] = [:]
    /// `room|session|index` → event id, so a replayed Megolm index under another event is refused.
    var seenIndexes: [String: String] = [:]
    /// Room id → outbound Megolm session (loaded on demand).
    var outboundSessions: [String: OutboundRoomSession] = [:]
    /// User id → device id → pinned keys (loaded on demand).
    var knownDevices: [String: [String: DeviceIdentity]] = [:]
    /// Users whose device list is current in `knownDevices` during this process.
    var currentDeviceLists: Set<String> = []

    /// How many signed one-time keys the server should hold (half of what libolm keeps, as other clients do).
    public nonisolated var oneTimeKeyTarget: Int { 50 }

    /// A machine over an opened account; use `open` to load or create one.
    init(store: any CryptoRecordStore, pickleKey: PickleKey, userID: String, deviceID: String, account: OlmAccount, published: Bool, clock: any WallClock, logger: Logger)
        throws(OlmError)
    {
        self.store = store
        self.pickleKey = pickleKey
        self.userID = userID
        self.deviceID = deviceID
        self.account = account
        self.identity = try account.identityKeys()
        self.deviceKeysPublished = published
        self.clock = clock
        self.logger = logger
    }

    /// The machine of `deviceID`: its stored account, or a new one persisted before this returns.
    public static func open(
        store: any CryptoRecordStore, pickleKey: PickleKey, userID: String, deviceID: String, clock: any WallClock, logger: Logger
    ) async throws -> OlmMachine {
        if let stored = try await store.matrixCryptoValue(kind: Kind.account, id: deviceID) {
            let json = try JSON.parse(stored)
            guard let pickle = json["pickle"]?.string else { throw MatrixCryptoError.malformed("stored account without pickle") }
            let account: OlmAccount
            do {
                account = try OlmAccount.unpickle(pickle, key: pickleKey)
            } catch {
                // The pickle key comes from the master key: a worker with another master key cannot read the device.
                throw MatrixCryptoError.local(
                    "cannot open the stored encryption device \(deviceID) (\(error)); it was saved under another master key. Every worker serving this Matrix account needs the same master key")
            }
            return try OlmMachine(
                store: store, pickleKey: pickleKey, userID: userID, deviceID: deviceID, account: account,
                published: json["device_keys_published"]?.bool ?? false, clock: clock, logger: logger)
        }
        let account = try OlmAccount.create()
        let machine = try OlmMachine(
            store: store, pickleKey: pickleKey, userID: userID, deviceID: deviceID, account: account, published: false, clock: clock,
            logger: logger)
        try await machine.save([machine.accountRecord()])
        logger.notice("created the matrix encryption device", ["device": deviceID, "curve25519": machine.identity.curve25519])
        return machine
    }

    /// Row kinds in the store.
    enum Kind {
        static let account = "account"
        static let olmSession = "olm_session"
        static let inboundGroup = "inbound_group"
        static let outboundGroup = "outbound_group"
        static let device = "device"
    }

    /// The account's row (pickled now).
    func accountRecord() throws -> MatrixCryptoRecord {
        let value: JSON = ["pickle": .string(try account.pickle(key: pickleKey)), "device_keys_published": .bool(deviceKeysPublished)]
        return MatrixCryptoRecord(kind: Kind.account, id: deviceID, value: value.serialized())
    }

    /// Writes rows in one transaction.
    func save(_ records: [MatrixCryptoRecord]) async throws {
        try await store.saveMatrixCrypto(records, now: clock.now())
    }

    // MARK: Device keys and one-time keys

    /// The body of `POST /keys/upload`: the signed device keys until they are published, and signed one-time
    /// keys up to the target when `serverCount` (from `/sync` or the last upload) is below it. Nil when
    /// nothing is to be uploaded. New keys are persisted in the account before this returns.
    public func keysUploadBody(serverCount: Int?) async throws -> JSON? {
        var body: [String: JSON] = [:]
        if !deviceKeysPublished {
            let keys: JSON = [
                "user_id": .string(userID), "device_id": .string(deviceID),
                "algorithms": [.string(EncryptionAlgorithm.olm), .string(EncryptionAlgorithm.megolm)],
                "keys": .object([
                    "curve25519:\(deviceID)": .string(identity.curve25519), "ed25519:\(deviceID)": .string(identity.ed25519),
                ]),
            ]
            body["device_keys"] = try CanonicalJSON.sign(keys, account: account, userID: userID, deviceID: deviceID)
        }
        var unpublished = try account.oneTimeKeys()
        if let serverCount, serverCount + unpublished.count < oneTimeKeyTarget {
            try account.generateOneTimeKeys(min(oneTimeKeyTarget - serverCount - unpublished.count, account.maxOneTimeKeys / 2))
            // Persist before upload: keys the server hands out must still be in the stored account after a crash.
            try await save([accountRecord()])
            unpublished = try account.oneTimeKeys()
        }
        if !unpublished.isEmpty {
            var signed: [String: JSON] = [:]
            for (id, key) in unpublished {
                signed["signed_curve25519:\(id)"] = try CanonicalJSON.sign(["key": .string(key)], account: account, userID: userID, deviceID: deviceID)
            }
            body["one_time_keys"] = .object(signed)
        }
        return body.isEmpty ? nil : .object(body)
    }

    /// The upload of `keysUploadBody` succeeded: its keys are published.
    public func keysUploaded() async throws {
        account.markKeysAsPublished()
        let first = !deviceKeysPublished
        deviceKeysPublished = true
        try await save([accountRecord()])
        if first { logger.notice("published the matrix device keys", ["device": deviceID]) }
    }
}

/// An Olm session with its id and when it was last used.
struct StoredOlmSession {
    let id: String
    let session: OlmSession
    var lastUsed: Double
}

/// The room's outbound Megolm session and what has been done with it.
struct OutboundRoomSession {
    let session: OutboundGroupSession
    let sessionID: String
    let createdAt: Double
    var messages: Int
    /// `user|device` of every device that holds the key.
    var sharedWith: Set<String>
}
