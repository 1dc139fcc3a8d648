import Foundation
import HTTP
import JSON

extension MatrixClient {
    /// `POST /login` with a password; reuses `deviceID` when given. Returns the new token and device.
    public func login(user: String, password: String, deviceID: String?, displayName: String) async throws -> (accessToken: String, deviceID: String) {
        var body: JSON = [
            "type": "m.login.password",
            "identifier": ["type": "m.id.user", "user": .string(user)],
            "password": .string(password),
            "initial_device_display_name": .string(displayName),
        ]
        if let deviceID { body = body.setting("device_id", .string(deviceID)) }
        var options = Options()
        options.authenticated = false
        let answer = try await json(.post, "/_matrix/client/v3/login", body: body, options)
        guard let token = answer["access_token"]?.string, let device = answer["device_id"]?.string else {
            throw MatrixError.malformedResponse("login answer without access_token or device_id")
        }
        return (token, device)
    }

    /// `POST /user/{userId}/filter`; returns the filter id.
    public func createFilter(userID: String, filter: JSON) async throws -> String {
        let answer = try await json(.post, "/_matrix/client/v3/user/\(MatrixClient.encode(userID))/filter", body: filter)
        guard let id = answer["filter_id"]?.string else { throw MatrixError.malformedResponse("filter answer without filter_id") }
        return id
    }

    /// `GET /sync` as a long poll held up to `timeoutMilliseconds` by the server.
    public func sync(since: String?, filterID: String, timeoutMilliseconds: Int) async throws -> JSON {
        var options = Options()
        options.query = [("filter", filterID), ("timeout", String(timeoutMilliseconds))]
        if let since { options.query.append(("since", since)) }
        options.timeout = .milliseconds(timeoutMilliseconds) + .seconds(30)
        options.maxResponseBytes = 64 * 1024 * 1024
        return try await json(.get, "/_matrix/client/v3/sync", options)
    }

    /// `GET /rooms/{roomId}/messages` backwards from `from`.
    public func messages(roomID: String, from: String, limit: Int) async throws -> JSON {
        var options = Options()
        options.query = [("from", from), ("dir", "b"), ("limit", String(limit))]
        options.maxResponseBytes = 16 * 1024 * 1024
        return try await json(.get, "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/messages", options)
    }

    /// `POST /join/{roomId}`.
    public func join(roomID: String) async throws {
        try await json(.post, "/_matrix/client/v3/join/\(MatrixClient.encode(roomID))", body: [:])
    }

    /// `POST /rooms/{roomId}/leave` (also rejects an invite).
    public func leave(roomID: String) async throws {
        try await json(.post, "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/leave", body: [:])
    }

    /// `GET /rooms/{roomId}/joined_members`; returns the member ids.
    public func joinedMembers(roomID: String) async throws -> [String] {
        let answer = try await json(.get, "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/joined_members")
        return answer["joined"]?.object.map { Array($0.keys) } ?? []
    }

    /// Whether the room has an `m.room.encryption` state event (`GET /rooms/{roomId}/state/m.room.encryption/`).
    public func isEncrypted(roomID: String) async throws -> Bool {
        do {
            try await json(.get, "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/state/m.room.encryption/")
            return true
        } catch MatrixError.server(404, _, _) {
            return false
        }
    }

    /// `PUT /rooms/{roomId}/send/{type}/{txnId}`; returns the event id. The server deduplicates on txnId.
    public func sendEvent(roomID: String, type: String, txnID: String, content: JSON) async throws -> String {
        let path = "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/send/\(MatrixClient.encode(type))/\(MatrixClient.encode(txnID))"
        let answer = try await json(.put, path, body: content)
        guard let id = answer["event_id"]?.string else { throw MatrixError.malformedResponse("send answer without event_id") }
        return id
    }

    /// `PUT /rooms/{roomId}/redact/{eventId}/{txnId}`; returns the redaction's event id.
    public func redact(roomID: String, eventID: String, txnID: String, reason: String? = nil) async throws -> String {
        let path = "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/redact/\(MatrixClient.encode(eventID))/\(MatrixClient.encode(txnID))"
        let answer = try await json(.put, path, body: reason.map { ["reason": .string($0)] } ?? [:])
        return answer["event_id"]?.string ?? ""
    }

    /// `PUT /rooms/{roomId}/typing/{userId}`.
    public func typing(roomID: String, userID: String, seconds: Int) async throws {
        let path = "/_matrix/client/v3/rooms/\(MatrixClient.encode(roomID))/typing/\(MatrixClient.encode(userID))"
        try await json(.put, path, body: ["typing": true, "timeout": .int(Int64(seconds * 1000))])
    }

    /// `POST /_matrix/media/v3/upload`; returns the `mxc://` URI.
    public func upload(_ bytes: [UInt8], contentType: String, fileName: String) async throws -> String {
        var options = Options()
        options.query = [("filename", fileName)]
        options.body = .bytes(bytes, contentType: contentType)
        options.timeout = .seconds(120)
        let answer = try await json(.post, "/_matrix/media/v3/upload", options)
        guard let uri = answer["content_uri"]?.string else { throw MatrixError.malformedResponse("upload answer without content_uri") }
        return uri
    }

    /// Downloads an `mxc://server/id` through authenticated media (`/_matrix/client/v1/media/download`),
    /// falling back to the legacy `/_matrix/media/v3/download` only when the server does not know the new endpoint.
    public func download(_ mxc: String, maxBytes: Int) async throws -> [UInt8] {
        guard let (server, mediaID) = MatrixClient.parseMXC(mxc) else { throw MatrixError.malformedResponse("not an mxc URI: \(mxc)") }
        let tail = "\(MatrixClient.encode(server))/\(MatrixClient.encode(mediaID))"
        var options = Options()
        options.timeout = .seconds(120)
        options.maxResponseBytes = maxBytes
        do {
            return try await fetchMedia("/_matrix/client/v1/media/download/\(tail)", options).body
        } catch let error as MatrixError where MatrixClient.isUnknownEndpoint(error) {
            return try await fetchMedia("/_matrix/media/v3/download/\(tail)", options).body
        }
    }

    private func fetchMedia(_ path: String, _ options: Options) async throws -> HTTPResponse {
        do {
            return try await raw(.get, path, options)
        } catch MatrixError.network(.responseTooLarge(let limit)) {
            throw MatrixError.mediaTooLarge(limit: limit)
        }
    }

    /// Old servers answer an unknown endpoint with 404 (or 405) `M_UNRECOGNIZED`, or a bare 404.
    static func isUnknownEndpoint(_ error: MatrixError) -> Bool {
        guard case .server(let status, let code, _) = error else { return false }
        return code == "M_UNRECOGNIZED" || (status == 404 && code == nil)
    }

    /// Splits `mxc://server/mediaId`.
    public static func parseMXC(_ uri: String) -> (server: String, mediaID: String)? {
        guard uri.hasPrefix("mxc://") else { return nil }
        let rest = uri.dropFirst(6)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let server = String(rest[..<slash]), media = String(rest[rest.index(after: slash)...])
        guard !server.isEmpty, !media.isEmpty, !media.contains("/") else { return nil }
        return (server, media)
    }
}
