import Chat
import Foundation
import JSON
import MatrixCrypto
import Storage

extension MatrixService {
    /// Row kind of encrypted events waiting for their room key.
    static let parkedKind = "pending_event"

    /// Uploads the device keys the first time the loop syncs in this process. A failure is logged and
    /// tried again at the next sync: unencrypted rooms keep working meanwhile.
    func publishKeysOnce() async throws {
        do {
            try await encryptor.publishIfNeeded()
        } catch is CancellationError {
            throw CancellationError()
        } catch MatrixError.server(400, _, let message) where message.contains("already exists") {
            // The server holds other keys under this device's key ids: the database lost the device's account.
            logger.critical("the homeserver holds other encryption keys for this device", [
                "fix": "the database lost this device's keys; run: wardrobe keys remove matrix.access_token and wardrobe keys remove matrix.device_id, then restart (with matrix.password stored the bot logs in as a new device)",
            ])
        } catch {
            logger.warning("cannot publish the encryption keys; retrying at the next sync", ["error": "\(error)"])
        }
    }

    /// Takes a sync's to-device events (room keys), device list changes and one-time key count.
    /// Returns the room keys that arrived.
    func receiveDeviceMessages(_ response: SyncResponse) async throws -> [RoomKeyArrival] {
        if !response.changedDeviceLists.isEmpty { try await encryptor.deviceListsChanged(response.changedDeviceLists) }
        var arrivals: [RoomKeyArrival] = []
        for event in response.toDevice {
            do {
                if let arrival = try await encryptor.receiveToDevice(event) { arrivals.append(arrival) }
            } catch {
                logger.warning("cannot decrypt a to-device message", ["sender": event["sender"]?.string ?? "-", "error": "\(error)"])
            }
        }
        if let count = response.oneTimeKeyCount {
            do {
                try await encryptor.uploadKeys(serverCount: count)
            } catch {
                logger.warning("cannot top up the one-time keys", ["error": "\(error)"])
            }
        }
        return arrivals
    }

    /// The timeline with `m.room.encrypted` events replaced by their plaintext; events whose key is not
    /// here yet are parked in the store until it comes (or the wait ends).
    func decrypt(_ timeline: [JSON], roomID: String) async throws -> [JSON] {
        var result: [JSON] = []
        for event in timeline {
            guard event["type"]?.string == "m.room.encrypted" else {
                result.append(event)
                continue
            }
            guard event["sender"]?.string != configuration.userID, let id = event["event_id"]?.string, !(try await isTaken(id)) else { continue }
            do {
                result.append(try await encryptor.decrypt(event, roomID: roomID))
            } catch {
                let session = event["content"]?["session_id"]?.string ?? "-"
                logger.info("encrypted event waits for its key", ["room": roomID, "update": id, "session": session, "error": "\(error)"])
                let value: JSON = ["event": event, "received_at": .double(clock.now().timeIntervalSince1970)]
                try await store.saveMatrixCrypto(
                    [MatrixCryptoRecord(kind: Self.parkedKind, id: "\(roomID)|\(session)|\(id)", value: value.serialized())], now: clock.now())
            }
        }
        return result
    }

    /// Parked events of `roomID` whose session key arrived in this sync, decrypted (and removed from the store).
    func parkedEvents(roomID: String, arrivals: [RoomKeyArrival]) async throws -> [JSON] {
        var result: [JSON] = []
        for arrival in arrivals where arrival.roomID == roomID {
            for record in try await store.matrixCryptoRecords(kind: Self.parkedKind, prefix: "\(roomID)|\(arrival.sessionID)|") {
                guard let value = record.value, let event = try? JSON.parse(value)["event"] else { continue }
                guard let plain = try? await encryptor.decrypt(event, roomID: roomID) else { continue }
                try await store.saveMatrixCrypto([MatrixCryptoRecord(kind: Self.parkedKind, id: record.id, value: nil)], now: clock.now())
                logger.info("decrypted a parked event", ["room": roomID, "update": plain["event_id"]?.string ?? "-"])
                result.append(plain)
            }
        }
        return result
    }

    /// Tells each room once about its events whose key did not come within `roomKeyWaitSeconds`, and drops them.
    func noticeKeysThatNeverCame() async {
        do {
            let cutoff = clock.now().timeIntervalSince1970 - min(max(configuration.roomKeyWaitSeconds, 10), 3600)
            var rooms: Set<String> = []
            var expired: [MatrixCryptoRecord] = []
            for record in try await store.matrixCryptoRecords(kind: Self.parkedKind, prefix: "") {
                guard let value = record.value, let json = try? JSON.parse(value), let received = json["received_at"]?.double, received < cutoff
                else { continue }
                expired.append(MatrixCryptoRecord(kind: Self.parkedKind, id: record.id, value: nil))
                if let room = record.id.split(separator: "|").first { rooms.insert(String(room)) }
            }
            guard !expired.isEmpty else { return }
            try await store.saveMatrixCrypto(expired, now: clock.now())
            for room in rooms.sorted() {
                let text: RichText =
                    "I couldn't decrypt a message sent here: its key never reached me. Send it again; if this keeps happening, let your app share keys with unverified devices."
                _ = try await transport.send(.text(text), to: ChatAddress(transport: transport.name, id: room, kind: try await kind(of: room)))
                logger.notice("told a room about undecryptable events", ["chat": "matrix:\(room)", "events": expired.count])
            }
        } catch {
            logger.warning("cannot handle undecryptable events", ["error": "\(error)"])
        }
    }
}
