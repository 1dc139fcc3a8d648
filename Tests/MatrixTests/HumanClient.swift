import Foundation
import HTTP
import JSON

/// A person on the test homeserver, driven over the Client-Server API (the integration tests' other side).
struct HumanClient: Sendable {
    let http: HTTPClient
    let baseURL: String
    let userID: String
    let token: String

    /// Logs in with a password.
    static func login(http: HTTPClient, baseURL: String, userID: String, password: String) async throws -> HumanClient {
        let body: JSON = ["type": "m.login.password", "identifier": ["type": "m.id.user", "user": .string(userID)], "password": .string(password)]
        let answer = try await call(http, .post, baseURL + "/_matrix/client/v3/login", token: nil, body: .json(body.serialized()))
        guard let token = answer["access_token"]?.string else { throw IntegrationError("login failed for \(userID): \(answer)") }
        return HumanClient(http: http, baseURL: baseURL, userID: userID, token: token)
    }

    static func call(_ http: HTTPClient, _ method: HTTPMethod, _ url: String, token: String?, body: HTTPBody = .empty) async throws -> JSON {
        var request = HTTPRequest(method: method, url: url, body: body)
        if let token { request.headers.set("Authorization", "Bearer \(token)") }
        let response = try await http.send(request)
        let json = (try? JSON.parse(bytes: response.body)) ?? .null
        guard response.isSuccess else { throw IntegrationError("\(method) \(url) → \(response.status) \(response.text)") }
        return json
    }

    func call(_ method: HTTPMethod, _ path: String, _ body: JSON? = nil) async throws -> JSON {
        try await Self.call(http, method, baseURL + path, token: token, body: body.map { .json($0.serialized()) } ?? .empty)
    }

    static func path(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// Creates an unencrypted room inviting `users`; returns its id.
    func createRoom(inviting users: [String], name: String) async throws -> String {
        let answer = try await call(.post, "/_matrix/client/v3/createRoom", [
            "preset": "private_chat", "name": .string(name), "invite": .array(users.map { .string($0) }),
        ])
        guard let room = answer["room_id"]?.string else { throw IntegrationError("createRoom: \(answer)") }
        return room
    }

    func join(_ room: String) async throws {
        _ = try await call(.post, "/_matrix/client/v3/join/\(Self.path(room))", [:])
    }

    func setEncryption(_ room: String) async throws {
        _ = try await call(.put, "/_matrix/client/v3/rooms/\(Self.path(room))/state/m.room.encryption/", ["algorithm": "m.megolm.v1.aes-sha2"])
    }

    /// Sends a room event; returns its id.
    @discardableResult
    func send(_ room: String, type: String = "m.room.message", _ content: JSON) async throws -> String {
        let txn = UUID().uuidString
        let answer = try await call(.put, "/_matrix/client/v3/rooms/\(Self.path(room))/send/\(Self.path(type))/\(txn)", content)
        return answer["event_id"]?.string ?? ""
    }

    /// Sends plain text, optionally as a reply.
    @discardableResult
    func say(_ room: String, _ text: String, replyTo: String? = nil) async throws -> String {
        var content: JSON = ["msgtype": "m.text", "body": .string(text)]
        if let replyTo { content = content.setting("m.relates_to", ["m.in_reply_to": ["event_id": .string(replyTo)]]) }
        return try await send(room, content)
    }

    /// Reacts to `event` with `key`.
    @discardableResult
    func react(_ room: String, to event: String, key: String) async throws -> String {
        try await send(room, type: "m.reaction", ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(event), "key": .string(key)]])
    }

    /// Uploads bytes and posts them as `m.image`.
    @discardableResult
    func sendImage(_ room: String, bytes: [UInt8], mimeType: String, fileName: String, caption: String? = nil) async throws -> String {
        let upload = try await Self.call(
            http, .post, baseURL + "/_matrix/media/v3/upload?filename=\(Self.path(fileName))", token: token,
            body: .bytes(bytes, contentType: mimeType))
        guard let uri = upload["content_uri"]?.string else { throw IntegrationError("upload: \(upload)") }
        var content: JSON = ["msgtype": "m.image", "body": .string(caption ?? fileName), "url": .string(uri),
                             "info": ["mimetype": .string(mimeType), "size": .int(Int64(bytes.count))]]
        if caption != nil { content = content.setting("filename", .string(fileName)) }
        return try await send(room, content)
    }

    /// The room's latest events (up to `limit`), oldest first.
    func timeline(_ room: String, limit: Int = 200) async throws -> [JSON] {
        let answer = try await call(.get, "/_matrix/client/v3/rooms/\(Self.path(room))/messages?dir=b&limit=\(limit)")
        return (answer["chunk"]?.array ?? []).reversed()
    }

    /// Polls the room until `check` returns a value or `seconds` pass.
    func waitFor<T>(_ room: String, seconds: Double = 20, _ check: ([JSON]) -> T?) async throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = check(try await timeline(room)) { return value }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw IntegrationError("timed out waiting in \(room); last events:\n" + (try await timeline(room).suffix(12).map(HumanClient.describe).joined(separator: "\n")))
    }

    /// One line per event for failure messages: id, sender, body or type, reply target.
    static func describe(_ event: JSON) -> String {
        let text = (event.body ?? event["type"]?.string ?? "?").prefix(40).replacingOccurrences(of: "\n", with: " ")
        return "\(event["event_id"]?.string ?? "?") \(event.sender ?? "?"): \(text)" + (event.replyTarget.map { " → \($0)" } ?? "")
    }

    /// Membership of `user` in `room` as far as the room's state shows.
    func membership(of user: String, in room: String) async throws -> String? {
        let answer = try? await call(.get, "/_matrix/client/v3/rooms/\(Self.path(room))/state/m.room.member/\(Self.path(user))")
        return answer?["membership"]?.string
    }
}

/// A failed step of an integration test, with what was seen.
struct IntegrationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The homeserver and accounts `Tests/matrix/run.sh` provides; nil when the tests run without Synapse.
struct IntegrationEnvironment: Sendable {
    let homeserver: String
    let bot: String
    let botPassword: String
    let ana: String
    let anaPassword: String
    let bob: String
    let bobPassword: String

    static let current: IntegrationEnvironment? = {
        let env = ProcessInfo.processInfo.environment
        guard let homeserver = env["MATRIX_IT_HOMESERVER"], let bot = env["MATRIX_IT_BOT"], let botPassword = env["MATRIX_IT_BOT_PASSWORD"],
            let ana = env["MATRIX_IT_ANA"], let anaPassword = env["MATRIX_IT_ANA_PASSWORD"], let bob = env["MATRIX_IT_BOB"],
            let bobPassword = env["MATRIX_IT_BOB_PASSWORD"]
        else { return nil }
        return IntegrationEnvironment(
            homeserver: homeserver, bot: bot, botPassword: botPassword, ana: ana, anaPassword: anaPassword, bob: bob, bobPassword: bobPassword)
    }()
}

extension JSON {
    /// The event a message replies to.
    var replyTarget: String? { self["content"]?["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
    var sender: String? { self["sender"]?.string }
    var body: String? { self["content"]?["body"]?.string }
    var msgtype: String? { self["content"]?["msgtype"]?.string }
}
