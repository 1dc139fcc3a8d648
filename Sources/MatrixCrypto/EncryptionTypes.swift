import Foundation
import JSON

/// One device of a Matrix user, with the public keys pinned on first use.
public struct DeviceIdentity: Sendable, Hashable {
    /// The owner.
    public let userID: String
    /// The device id.
    public let deviceID: String
    /// The Curve25519 identity key (Olm sessions).
    public let curve25519: String
    /// The Ed25519 key that signed the device keys.
    public let ed25519: String

    /// A device from its keys.
    public init(userID: String, deviceID: String, curve25519: String, ed25519: String) {
        self.userID = userID
        self.deviceID = deviceID
        self.curve25519 = curve25519
        self.ed25519 = ed25519
    }

    /// `user|device`, the id of its stored row.
    var key: String { "\(userID)|\(deviceID)" }
}

/// A Megolm session key that arrived over Olm (`m.room_key`): events of this session can be decrypted now.
public struct RoomKeyArrival: Sendable, Hashable {
    /// The room the session belongs to.
    public let roomID: String
    /// The Megolm session id.
    public let sessionID: String
}

/// When an outbound Megolm session is replaced, from the room's `m.room.encryption` content (bounded).
public struct RotationPolicy: Sendable, Hashable {
    /// The session is replaced after this many milliseconds (spec default: one week).
    public let milliseconds: Int64
    /// The session is replaced after this many messages (spec default: 100).
    public let messages: Int

    /// The spec's defaults.
    public static let standard = RotationPolicy(milliseconds: 604_800_000, messages: 100)

    /// A policy with explicit limits, clamped to one minute…one week and 1…1000 messages.
    public init(milliseconds: Int64, messages: Int) {
        self.milliseconds = min(max(milliseconds, 60_000), 604_800_000)
        self.messages = min(max(messages, 1), 1000)
    }

    /// The policy of an `m.room.encryption` state content; missing or invalid numbers keep the defaults.
    public init(encryptionContent content: JSON?) {
        let milliseconds = content?["rotation_period_ms"]?.int ?? Self.standard.milliseconds
        let messages = content?["rotation_period_msgs"]?.int.map { Int(clamping: $0) } ?? Self.standard.messages
        self.init(milliseconds: milliseconds, messages: messages)
    }
}

/// Matrix algorithm names.
public enum EncryptionAlgorithm {
    /// Olm, for to-device messages.
    public static let olm = "m.olm.v1.curve25519-aes-sha2"
    /// Megolm, for room events.
    public static let megolm = "m.megolm.v1.aes-sha2"
}
