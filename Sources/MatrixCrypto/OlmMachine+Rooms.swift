import Foundation
import JSON
import Olm
import Storage

extension OlmMachine {
    /// The plaintext event behind an `m.room.encrypted` room event: the original with the decrypted
    /// `type` and `content` (a cleartext `m.relates_to` is kept when the payload has none).
    public func decryptRoomEvent(_ event: JSON, roomID: String) async throws -> JSON {
        guard let content = event["content"], content["algorithm"]?.string == EncryptionAlgorithm.megolm,
            let senderKey = content["sender_key"]?.string, let sessionID = content["session_id"]?.string,
            let ciphertext = content["ciphertext"]?.string
        else { throw MatrixCryptoError.malformed("encrypted event without megolm fields") }
        guard let session = try await inboundSession("\(roomID)|\(senderKey)|\(sessionID)") else {
            throw MatrixCryptoError.missingRoomKey(roomID: roomID, sessionID: sessionID)
        }
        let decrypted = try Self.decrypt(ciphertext, with: session, roomID: roomID, sessionID: sessionID)
        let eventID = event["event_id"]?.string ?? ""
        let indexKey = "\(roomID)|\(sessionID)|\(decrypted.index)"
        if let earlier = seenIndexes[indexKey], earlier != eventID { throw MatrixCryptoError.undecryptable("megolm index \(decrypted.index) replayed") }
        // Bounded memory: the check covers the recent past, which is where a replay in a sync would come from.
        if seenIndexes.count >= 20_000 { seenIndexes.removeAll(keepingCapacity: true) }
        seenIndexes[indexKey] = eventID
        guard let payload = try? JSON.parse(decrypted.plaintext), let type = payload["type"]?.string, var inner = payload["content"],
            payload["room_id"]?.string == roomID
        else { throw MatrixCryptoError.undecryptable("megolm payload without type, content or this room's id") }
        if inner["m.relates_to"] == nil, let relation = content["m.relates_to"] { inner = inner.setting("m.relates_to", relation) }
        return event.setting("type", .string(type)).setting("content", inner)
    }

    /// Decrypts with `session`; an index before the key we hold counts as a missing key (a better one may come).
    static func decrypt(_ ciphertext: String, with session: InboundGroupSession, roomID: String, sessionID: String) throws(MatrixCryptoError)
        -> (plaintext: String, index: UInt32)
    {
        do {
            return try session.decrypt(ciphertext)
        } catch {
            if error == .library(operation: "olm_group_decrypt", code: "UNKNOWN_MESSAGE_INDEX") {
                throw MatrixCryptoError.missingRoomKey(roomID: roomID, sessionID: sessionID)
            }
            throw MatrixCryptoError.undecryptable(error.description)
        }
    }

    /// Makes sure `roomID` has a current outbound session: a new one when there is none, or when the
    /// old one reached the policy's age or message count.
    public func prepareOutbound(roomID: String, policy: RotationPolicy) async throws {
        let now = clock.now().timeIntervalSince1970
        if let current = try await outboundSession(roomID) {
            let expired = (now - current.createdAt) * 1000 >= Double(policy.milliseconds) || current.messages >= policy.messages
            guard expired else { return }
            logger.info("rotating the room key", ["room": roomID, "messages": current.messages])
        }
        let session = try OutboundGroupSession.create()
        let created = OutboundRoomSession(session: session, sessionID: try session.sessionID(), createdAt: now, messages: 0, sharedWith: [])
        outboundSessions[roomID] = created
        try await save([try outboundRecord(roomID, created)])
    }

    /// Drops the room's outbound session (a member left): the next message starts a new one.
    public func discardOutbound(roomID: String) async throws {
        guard try await outboundSession(roomID) != nil else { return }
        outboundSessions[roomID] = nil
        try await save([MatrixCryptoRecord(kind: Kind.outboundGroup, id: roomID, value: nil)])
        logger.info("discarded the room key", ["room": roomID])
    }

    /// The devices among `devices` that do not hold the room's current session key.
    public func devicesWithoutRoomKey(roomID: String, among devices: [DeviceIdentity]) async throws -> [DeviceIdentity] {
        guard let current = try await outboundSession(roomID) else { return devices }
        return devices.filter { !current.sharedWith.contains($0.key) }
    }

    /// `m.room_key` to-device contents for `devices` (user → device → content), Olm-encrypted with each
    /// device's session; devices without an Olm session are left out and listed in `skipped`.
    public func roomKeyMessages(roomID: String, for devices: [DeviceIdentity]) async throws -> (messages: [String: [String: JSON]], skipped: [DeviceIdentity]) {
        guard let current = try await outboundSession(roomID) else { throw MatrixCryptoError.local("no outbound session for \(roomID)") }
        let roomKey: JSON = [
            "algorithm": .string(EncryptionAlgorithm.megolm), "room_id": .string(roomID), "session_id": .string(current.sessionID),
            "session_key": .string(try current.session.sessionKey()),
        ]
        var messages: [String: [String: JSON]] = [:]
        var skipped: [DeviceIdentity] = []
        var records: [MatrixCryptoRecord] = []
        for device in devices {
            guard var stored = try await olmSessions(with: device.curve25519).first else {
                skipped.append(device)
                continue
            }
            let payload: JSON = [
                "type": "m.room_key", "content": roomKey, "sender": .string(userID), "sender_device": .string(deviceID),
                "keys": ["ed25519": .string(identity.ed25519)], "recipient": .string(device.userID),
                "recipient_keys": ["ed25519": .string(device.ed25519)],
            ]
            let message = try stored.session.encrypt(payload.serialized())
            stored.lastUsed = clock.now().timeIntervalSince1970
            olmSessionCache[device.curve25519]?[0] = stored
            records.append(try olmSessionRecord(stored, theirKey: device.curve25519))
            messages[device.userID, default: [:]][device.deviceID] = [
                "algorithm": .string(EncryptionAlgorithm.olm), "sender_key": .string(identity.curve25519),
                "ciphertext": .object([device.curve25519: ["type": .int(Int64(message.type)), "body": .string(message.body)]]),
            ]
        }
        try await save(records)
        return (messages, skipped)
    }

    /// The room key was delivered to `devices`.
    public func markRoomKeyShared(roomID: String, with devices: [DeviceIdentity]) async throws {
        guard var current = try await outboundSession(roomID), !devices.isEmpty else { return }
        for device in devices { current.sharedWith.insert(device.key) }
        outboundSessions[roomID] = current
        try await save([try outboundRecord(roomID, current)])
    }

    /// The `m.room.encrypted` content for a room event of `type` with `content`, under the room's current
    /// session (call `prepareOutbound` and share the key first). The advanced ratchet is stored before this returns.
    public func encrypt(roomID: String, type: String, content: JSON) async throws -> JSON {
        guard var current = try await outboundSession(roomID) else { throw MatrixCryptoError.local("no outbound session for \(roomID)") }
        let payload: JSON = ["type": .string(type), "content": content, "room_id": .string(roomID)]
        let ciphertext = try current.session.encrypt(payload.serialized())
        current.messages += 1
        outboundSessions[roomID] = current
        try await save([try outboundRecord(roomID, current)])
        var encrypted: JSON = [
            "algorithm": .string(EncryptionAlgorithm.megolm), "sender_key": .string(identity.curve25519), "ciphertext": .string(ciphertext),
            "session_id": .string(current.sessionID), "device_id": .string(deviceID),
        ]
        // Relations stay readable to the server (aggregation of edits and reactions), as the spec asks.
        if let relation = content["m.relates_to"] { encrypted = encrypted.setting("m.relates_to", relation) }
        return encrypted
    }

    /// The room's outbound session, from memory or the store.
    func outboundSession(_ roomID: String) async throws -> OutboundRoomSession? {
        if let known = outboundSessions[roomID] { return known }
        guard let value = try await store.matrixCryptoValue(kind: Kind.outboundGroup, id: roomID) else { return nil }
        let json = try JSON.parse(value)
        guard let pickle = json["pickle"]?.string else { return nil }
        let session = try OutboundGroupSession.unpickle(pickle, key: pickleKey)
        let shared = Set((json["shared_with"]?.array ?? []).compactMap(\.string))
        let loaded = OutboundRoomSession(
            session: session, sessionID: try session.sessionID(), createdAt: json["created_at"]?.double ?? 0,
            messages: Int(json["messages"]?.int ?? 0), sharedWith: shared)
        outboundSessions[roomID] = loaded
        return loaded
    }

    /// The row of an outbound session (pickled now).
    func outboundRecord(_ roomID: String, _ session: OutboundRoomSession) throws -> MatrixCryptoRecord {
        let value: JSON = [
            "pickle": .string(try session.session.pickle(key: pickleKey)), "created_at": .double(session.createdAt),
            "messages": .int(Int64(session.messages)), "shared_with": .array(session.sharedWith.sorted().map { .string($0) }),
        ]
        return MatrixCryptoRecord(kind: Kind.outboundGroup, id: roomID, value: value.serialized())
    }
}
