import Foundation
import JSON
import Olm
import Storage

extension OlmMachine {
    /// Decrypts one to-device event; an `m.room_key` becomes a stored inbound Megolm session.
    /// Returns the arrival (nil for anything else). Throws for events it cannot read.
    public func receiveToDevice(_ event: JSON) async throws -> RoomKeyArrival? {
        guard event["type"]?.string == "m.room.encrypted", let content = event["content"],
            content["algorithm"]?.string == EncryptionAlgorithm.olm
        else { return nil }
        guard let sender = event["sender"]?.string, let senderKey = content["sender_key"]?.string,
            let mine = content["ciphertext"]?[identity.curve25519], let type = mine["type"]?.int, let body = mine["body"]?.string
        else { throw MatrixCryptoError.malformed("olm event without sender, sender_key or a ciphertext for this device") }
        let plaintext = try await decryptOlm(OlmMessage(type: Int(type), body: body), from: senderKey)
        let payload: JSON
        do {
            payload = try JSON.parse(plaintext)
        } catch {
            throw MatrixCryptoError.malformed("olm payload is not JSON")
        }
        // The payload names sender and recipient inside the ciphertext, so a relayed message can't be passed off.
        guard payload["sender"]?.string == sender, payload["recipient"]?.string == userID,
            payload["recipient_keys"]?["ed25519"]?.string == identity.ed25519
        else { throw MatrixCryptoError.undecryptable("olm payload for another sender or recipient") }
        guard payload["type"]?.string == "m.room_key", let key = payload["content"],
            key["algorithm"]?.string == EncryptionAlgorithm.megolm, let roomID = key["room_id"]?.string,
            let sessionID = key["session_id"]?.string, let sessionKey = key["session_key"]?.string
        else { return nil }
        let session = try InboundGroupSession.create(sessionKey: sessionKey)
        guard try session.sessionID() == sessionID else { throw MatrixCryptoError.undecryptable("m.room_key session id does not match its key") }
        let id = "\(roomID)|\(senderKey)|\(sessionID)"
        // A key we already hold from an earlier index must not be replaced by a later one.
        if let existing = try await inboundSession(id), existing.firstKnownIndex <= session.firstKnownIndex { return RoomKeyArrival(roomID: roomID, sessionID: sessionID) }
        inboundSessions[id] = session
        let value: JSON = [
            "pickle": .string(try session.pickle(key: pickleKey)), "sender": .string(sender),
            "signing_key": .string(payload["keys"]?["ed25519"]?.string ?? ""),
        ]
        try await save([MatrixCryptoRecord(kind: Kind.inboundGroup, id: id, value: value.serialized())])
        logger.info("received a room key", ["room": roomID, "sender": sender, "session": sessionID])
        return RoomKeyArrival(roomID: roomID, sessionID: sessionID)
    }

    /// Decrypts an Olm message with an existing session from `senderKey`, or a new inbound one for a pre-key message.
    func decryptOlm(_ message: OlmMessage, from senderKey: String) async throws -> String {
        var sessions = try await olmSessions(with: senderKey)
        for index in sessions.indices {
            let stored = sessions[index]
            if message.type == 0, !stored.session.matches(preKeyMessage: message.body, from: senderKey) { continue }
            guard let plaintext = try? stored.session.decrypt(message) else { continue }
            sessions[index].lastUsed = clock.now().timeIntervalSince1970
            olmSessionCache[senderKey] = sessions.sorted { $0.lastUsed > $1.lastUsed }
            try await save([try olmSessionRecord(sessions[index], theirKey: senderKey)])
            return plaintext
        }
        guard message.type == 0 else { throw MatrixCryptoError.undecryptable("no olm session with \(senderKey) decrypts this message") }
        let session = try OlmSession.inbound(account: account, theirIdentityKey: senderKey, preKeyMessage: message.body)
        let plaintext = try session.decrypt(message)
        try account.removeOneTimeKeys(usedBy: session)
        let stored = StoredOlmSession(id: try session.sessionID(), session: session, lastUsed: clock.now().timeIntervalSince1970)
        olmSessionCache[senderKey] = [stored] + sessions
        // The new session and the account without its one-time key change together.
        try await save([try olmSessionRecord(stored, theirKey: senderKey), try accountRecord()])
        logger.info("new olm session", ["sender_key": senderKey])
        return plaintext
    }

    /// The Olm sessions with a device, most recently used first.
    func olmSessions(with theirKey: String) async throws -> [StoredOlmSession] {
        if let known = olmSessionCache[theirKey] { return known }
        var loaded: [StoredOlmSession] = []
        for record in try await store.matrixCryptoRecords(kind: Kind.olmSession, prefix: "\(theirKey)|") {
            guard let value = record.value, let json = try? JSON.parse(value), let pickle = json["pickle"]?.string else { continue }
            let session = try OlmSession.unpickle(pickle, key: pickleKey)
            loaded.append(StoredOlmSession(id: try session.sessionID(), session: session, lastUsed: json["last_used"]?.double ?? 0))
        }
        loaded.sort { $0.lastUsed > $1.lastUsed }
        olmSessionCache[theirKey] = loaded
        return loaded
    }

    /// The row of an Olm session (pickled now).
    func olmSessionRecord(_ stored: StoredOlmSession, theirKey: String) throws -> MatrixCryptoRecord {
        let value: JSON = ["pickle": .string(try stored.session.pickle(key: pickleKey)), "last_used": .double(stored.lastUsed)]
        return MatrixCryptoRecord(kind: Kind.olmSession, id: "\(theirKey)|\(stored.id)", value: value.serialized())
    }

    /// The inbound Megolm session stored under `room|sender key|session id`, or nil.
    func inboundSession(_ id: String) async throws -> InboundGroupSession? {
        if let known = inboundSessions[id] { return known }
        guard let value = try await store.matrixCryptoValue(kind: Kind.inboundGroup, id: id), let pickle = try JSON.parse(value)["pickle"]?.string
        else { return nil }
        let session = try InboundGroupSession.unpickle(pickle, key: pickleKey)
        inboundSessions[id] = session
        return session
    }
}
