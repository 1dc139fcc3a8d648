import Foundation
import JSON

/// What the Matrix service needs from an end-to-end encryption engine. `OlmMachine` implements it on
/// libolm; a binding to vodozemac (libolm's successor) can replace it without touching the service.
public protocol EndToEndEncryption: Sendable {
    /// The device id the keys belong to.
    var deviceID: String { get }
    /// The body of `POST /keys/upload`, or nil when nothing needs uploading (`serverCount`: signed one-time keys the server holds).
    func keysUploadBody(serverCount: Int?) async throws -> JSON?
    /// The last upload body was accepted.
    func keysUploaded() async throws
    /// Decrypts one to-device event; returns the room key it carried, if any.
    func receiveToDevice(_ event: JSON) async throws -> RoomKeyArrival?
    /// The plaintext form of an `m.room.encrypted` room event.
    func decryptRoomEvent(_ event: JSON, roomID: String) async throws -> JSON
    /// Users whose devices must be fetched with `/keys/query`.
    func usersNeedingDeviceQuery(_ users: [String]) async -> [String]
    /// `device_lists.changed` or `left` from `/sync`.
    func deviceListsChanged(_ users: [String]) async
    /// Takes a `/keys/query` answer (trust on first use).
    func receiveDeviceQuery(_ answer: JSON, users: [String]) async throws
    /// The known devices of `users` (not this one).
    func devices(of users: [String]) async throws -> [DeviceIdentity]
    /// Devices that need a one-time key claimed before they can get a room key.
    func devicesWithoutOlmSession(_ devices: [DeviceIdentity]) async throws -> [DeviceIdentity]
    /// Takes a `/keys/claim` answer.
    func receiveClaimedKeys(_ answer: JSON, for devices: [DeviceIdentity]) async throws
    /// Starts or rotates the room's outbound session.
    func prepareOutbound(roomID: String, policy: RotationPolicy) async throws
    /// Drops the room's outbound session.
    func discardOutbound(roomID: String) async throws
    /// Devices that do not hold the current room key.
    func devicesWithoutRoomKey(roomID: String, among devices: [DeviceIdentity]) async throws -> [DeviceIdentity]
    /// The encrypted `m.room_key` to-device contents for `devices`.
    func roomKeyMessages(roomID: String, for devices: [DeviceIdentity]) async throws -> (messages: [String: [String: JSON]], skipped: [DeviceIdentity])
    /// The room key reached `devices`.
    func markRoomKeyShared(roomID: String, with devices: [DeviceIdentity]) async throws
    /// The `m.room.encrypted` content for a room event.
    func encrypt(roomID: String, type: String, content: JSON) async throws -> JSON
}
