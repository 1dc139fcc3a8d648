import Foundation
import JSON
import Olm
import Storage

extension OlmMachine {
    /// Of `users`, those whose device list must be fetched (`/keys/query`) before keys are shared.
    public func usersNeedingDeviceQuery(_ users: [String]) -> [String] {
        users.filter { !currentDeviceLists.contains($0) }
    }

    /// `device_lists.changed` / `left` from `/sync`: these users' lists are fetched again when needed.
    public func deviceListsChanged(_ users: [String]) {
        for user in users { currentDeviceLists.remove(user) }
    }

    /// Takes a `/keys/query` answer for `users`: devices with a valid self-signature are pinned on first
    /// use (logged); a known device whose keys changed is refused. Devices no longer listed are forgotten.
    public func receiveDeviceQuery(_ answer: JSON, users: [String]) async throws {
        var records: [MatrixCryptoRecord] = []
        for user in users {
            let previous = try await devices(ofUser: user)
            var current: [String: DeviceIdentity] = [:]
            for (deviceID, keys) in answer["device_keys"]?[user]?.object ?? [:] {
                guard keys["user_id"]?.string == user, keys["device_id"]?.string == deviceID,
                    let curve = keys["keys"]?["curve25519:\(deviceID)"]?.string, let ed = keys["keys"]?["ed25519:\(deviceID)"]?.string,
                    CanonicalJSON.isSigned(keys, by: user, deviceID: deviceID, ed25519Key: ed)
                else {
                    logger.warning("ignoring a device with invalid keys", ["user": user, "device": deviceID])
                    continue
                }
                let device = DeviceIdentity(userID: user, deviceID: deviceID, curve25519: curve, ed25519: ed)
                if let pinned = previous[deviceID] {
                    guard pinned == device else {
                        logger.warning("device keys changed since first use; not sharing keys with it", ["user": user, "device": deviceID])
                        current[deviceID] = pinned
                        continue
                    }
                } else {
                    logger.notice("trusting a new device on first use", ["user": user, "device": deviceID, "ed25519": ed])
                    let value: JSON = ["curve25519": .string(curve), "ed25519": .string(ed)]
                    records.append(MatrixCryptoRecord(kind: Kind.device, id: device.key, value: value.serialized()))
                }
                current[deviceID] = device
            }
            for gone in previous.keys where current[gone] == nil {
                records.append(MatrixCryptoRecord(kind: Kind.device, id: "\(user)|\(gone)", value: nil))
            }
            knownDevices[user] = current
            currentDeviceLists.insert(user)
        }
        try await save(records)
    }

    /// The pinned devices of `users`, without this bot's own device.
    public func devices(of users: [String]) async throws -> [DeviceIdentity] {
        var all: [DeviceIdentity] = []
        for user in users {
            all += try await devices(ofUser: user).values.filter { !($0.userID == userID && $0.deviceID == deviceID) }
        }
        return all.sorted { ($0.userID, $0.deviceID) < ($1.userID, $1.deviceID) }
    }

    /// Of `devices`, those without an Olm session (one-time keys must be claimed for them).
    public func devicesWithoutOlmSession(_ devices: [DeviceIdentity]) async throws -> [DeviceIdentity] {
        var missing: [DeviceIdentity] = []
        for device in devices where try await olmSessions(with: device.curve25519).isEmpty { missing.append(device) }
        return missing
    }

    /// Starts Olm sessions from a `/keys/claim` answer; a one-time key without a valid signature is skipped.
    public func receiveClaimedKeys(_ answer: JSON, for devices: [DeviceIdentity]) async throws {
        var records: [MatrixCryptoRecord] = []
        for device in devices {
            guard let claimed = answer["one_time_keys"]?[device.userID]?[device.deviceID]?.object,
                let signed = claimed.first(where: { $0.key.hasPrefix("signed_curve25519:") })?.value, let key = signed["key"]?.string
            else {
                logger.warning("no one-time key for a device; it gets the room key later", ["user": device.userID, "device": device.deviceID])
                continue
            }
            guard CanonicalJSON.isSigned(signed, by: device.userID, deviceID: device.deviceID, ed25519Key: device.ed25519) else {
                logger.warning("one-time key with an invalid signature", ["user": device.userID, "device": device.deviceID])
                continue
            }
            let session = try OlmSession.outbound(account: account, theirIdentityKey: device.curve25519, theirOneTimeKey: key)
            let stored = StoredOlmSession(id: try session.sessionID(), session: session, lastUsed: clock.now().timeIntervalSince1970)
            olmSessionCache[device.curve25519] = [stored] + (olmSessionCache[device.curve25519] ?? [])
            records.append(try olmSessionRecord(stored, theirKey: device.curve25519))
        }
        try await save(records)
    }

    /// The pinned devices of one user, from memory or the store.
    func devices(ofUser user: String) async throws -> [String: DeviceIdentity] {
        if let known = knownDevices[user] { return known }
        var loaded: [String: DeviceIdentity] = [:]
        for record in try await store.matrixCryptoRecords(kind: Kind.device, prefix: "\(user)|") {
            guard let value = record.value, let json = try? JSON.parse(value), let curve = json["curve25519"]?.string,
                let ed = json["ed25519"]?.string
            else { continue }
            let deviceID = String(record.id.dropFirst(user.count + 1))
            loaded[deviceID] = DeviceIdentity(userID: user, deviceID: deviceID, curve25519: curve, ed25519: ed)
        }
        knownDevices[user] = loaded
        return loaded
    }
}
