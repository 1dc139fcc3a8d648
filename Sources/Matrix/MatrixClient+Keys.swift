import Foundation
import JSON

extension MatrixClient {
    /// `POST /keys/upload`; returns the server's count of signed one-time keys.
    public func uploadKeys(_ body: JSON) async throws -> Int {
        let answer = try await json(.post, "/_matrix/client/v3/keys/upload", body: body)
        return Int(clamping: answer["one_time_key_counts"]?["signed_curve25519"]?.int ?? 0)
    }

    /// `POST /keys/query` for every device of `users`.
    public func queryKeys(users: [String]) async throws -> JSON {
        let body: JSON = ["device_keys": .object(Dictionary(uniqueKeysWithValues: users.map { ($0, JSON.array([])) })), "timeout": 10000]
        return try await json(.post, "/_matrix/client/v3/keys/query", body: body)
    }

    /// `POST /keys/claim`: one signed Curve25519 one-time key per (user, device).
    public func claimKeys(_ devices: [(userID: String, deviceID: String)]) async throws -> JSON {
        var wanted: [String: JSON] = [:]
        for device in devices {
            wanted[device.userID] = (wanted[device.userID] ?? [:]).setting(device.deviceID, "signed_curve25519")
        }
        return try await json(.post, "/_matrix/client/v3/keys/claim", body: ["one_time_keys": .object(wanted), "timeout": 10000])
    }

    /// `PUT /sendToDevice/{type}/{txnId}` with `messages` (user → device → content).
    public func sendToDevice(type: String, txnID: String, messages: [String: [String: JSON]]) async throws {
        let body: JSON = ["messages": .object(messages.mapValues { .object($0) })]
        try await json(.put, "/_matrix/client/v3/sendToDevice/\(MatrixClient.encode(type))/\(MatrixClient.encode(txnID))", body: body)
    }

    /// The room's `m.room.encryption` state content, or nil when the room is not encrypted.
    public func encryptionState(roomID: String) async throws -> JSON? {
        do {
            return try await json(.get, "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/state/m.room.encryption/")
        } catch MatrixError.server(404, _, _) {
            return nil
        }
    }
}

extension MatrixClient {
    /// `GET /account/whoami`: the device the access token belongs to (for a token stored without a device id).
    public func whoAmIDevice() async throws -> String {
        let answer = try await json(.get, "/_matrix/client/v3/account/whoami")
        guard let device = answer["device_id"]?.string else { throw MatrixError.malformedResponse("whoami answer without device_id") }
        return device
    }
}
