import JSON
import Olm

/// Signing and checking Matrix objects (device keys, one-time keys) over their canonical JSON.
enum CanonicalJSON {
    /// The signed text: the object without `signatures` and `unsigned`, keys sorted, compact, UTF-8.
    static func signable(_ object: JSON) -> String {
        guard case .object(var members) = object else { return object.serialized() }
        members["signatures"] = nil
        members["unsigned"] = nil
        return JSON.object(members).serialized()
    }

    /// Adds `signatures.<user>.ed25519:<device>` made with `account`.
    static func sign(_ object: JSON, account: OlmAccount, userID: String, deviceID: String) throws(OlmError) -> JSON {
        let signature = try account.sign(signable(object))
        var signatures = object["signatures"]?.object ?? [:]
        var mine = signatures[userID]?.object ?? [:]
        mine["ed25519:\(deviceID)"] = .string(signature)
        signatures[userID] = .object(mine)
        return object.setting("signatures", .object(signatures))
    }

    /// Whether `object` carries a valid signature by `userID`'s device `deviceID` under `ed25519Key`.
    static func isSigned(_ object: JSON, by userID: String, deviceID: String, ed25519Key: String) -> Bool {
        guard let signature = object["signatures"]?[userID]?["ed25519:\(deviceID)"]?.string else { return false }
        do {
            try Ed25519.verify(signature, of: signable(object), key: ed25519Key)
            return true
        } catch {
            return false
        }
    }
}
