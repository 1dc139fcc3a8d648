import Foundation
import HTTP
import JSON
import Synchronization

/// An in-memory homeserver: answers by method and path, records every request.
final class FakeHomeserver: HTTPTransport {
    typealias Handler = @Sendable (HTTPRequest, _ path: String, _ query: [String: String]) async throws(HTTPError) -> HTTPResponse?

    private struct State {
        var requests: [HTTPRequest] = []
        var syncs: [JSON] = []
        var handlers: [Handler] = []
        var sendCounter = 0
    }

    private let state = Mutex(State())

    /// Queues sync answers, served in order; after the last one a sync waits until cancelled.
    func queueSync(_ bodies: JSON...) { state.withLock { $0.syncs += bodies } }

    /// Adds a handler tried before the defaults; returning nil falls through.
    func on(_ handler: @escaping Handler) { state.withLock { $0.handlers.append(handler) } }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Requests whose path contains `fragment`.
    func requests(_ method: String, containing fragment: String) -> [HTTPRequest] {
        requests.filter { $0.method.rawValue == method && $0.url.contains(fragment) }
    }

    /// Bodies of `m.room.message` PUTs, parsed.
    var sentMessages: [JSON] {
        requests("PUT", containing: "/send/m.room.message/").compactMap { request in
            if case .bytes(let bytes, _) = request.body { return try? JSON.parse(bytes: bytes) }
            return nil
        }
    }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        state.withLock { $0.requests.append(request) }
        let (path, query) = FakeHomeserver.split(request.url)
        for handler in state.withLock({ $0.handlers }) {
            if let response = try await handler(request, path, query) { return response }
        }
        if path.hasSuffix("/sync") {
            // Long-polls like a homeserver: answers as soon as a sync is queued, or never.
            while !Task.isCancelled {
                let next = state.withLock { state -> JSON? in state.syncs.isEmpty ? nil : state.syncs.removeFirst() }
                if let next { return .json(next) }
                try? await Task.sleep(for: .milliseconds(20))
            }
            throw .cancelled
        }
        if path.hasSuffix("/keys/upload") {
            var uploaded = 0
            if case .bytes(let bytes, _) = request.body { uploaded = (try? JSON.parse(bytes: bytes))?["one_time_keys"]?.object?.count ?? 0 }
            return .json(["one_time_key_counts": ["signed_curve25519": .int(Int64(uploaded))]])
        }
        if path.hasSuffix("/keys/query") { return .json(["device_keys": [:]]) }
        if path.hasSuffix("/keys/claim") { return .json(["one_time_keys": [:]]) }
        if path.contains("/sendToDevice/") { return .json([:]) }
        if path.hasSuffix("/account/whoami") { return .json(["user_id": "@bot:test", "device_id": "DEV1"]) }
        if path.hasSuffix("/filter") { return .json(["filter_id": "f1"]) }
        if path.hasSuffix("/login") { return .json(["access_token": "fresh-token-123", "device_id": "DEV1"]) }
        if path.contains("/joined_members") { return .json(["joined": ["@bot:test": [:], "@ana:test": [:]]]) }
        if path.contains("/send/") || path.contains("/redact/") {
            let number = state.withLock { state -> Int in
                state.sendCounter += 1
                return state.sendCounter
            }
            return .json(["event_id": .string("$sent\(number)")])
        }
        if path.contains("/state/m.room.encryption") { return .json(["errcode": "M_NOT_FOUND", "error": "no event"], status: 404) }
        if path.contains("/messages") { return .json(["chunk": [], "start": "s", "end": "e"]) }
        return .json([:])
    }

    static func split(_ url: String) -> (String, [String: String]) {
        let withoutHost = url.replacingOccurrences(of: "http://hs.test", with: "")
        let parts = withoutHost.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                query[String(kv[0])] = kv.count > 1 ? String(kv[1]).removingPercentEncoding : ""
            }
        }
        return (String(parts[0]).removingPercentEncoding ?? String(parts[0]), query)
    }
}

extension HTTPResponse {
    /// A JSON answer.
    static func json(_ body: JSON, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array(body.serialized().utf8))
    }
}

/// Builds sync answers and events.
enum Wire {
    static func message(_ id: String, from sender: String = "@ana:test", body: String, msgtype: String = "m.text") -> JSON {
        ["event_id": .string(id), "sender": .string(sender), "type": "m.room.message", "origin_server_ts": 1_800_000_000_000,
         "content": ["msgtype": .string(msgtype), "body": .string(body)]]
    }

    static func reaction(_ id: String, on target: String, key: String, from sender: String = "@ana:test") -> JSON {
        ["event_id": .string(id), "sender": .string(sender), "type": "m.reaction",
         "content": ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(target), "key": .string(key)]]]
    }

    static func sync(_ next: String, room: String = "!r:test", events: [JSON] = [], limited: Bool = false, prevBatch: String? = nil,
                     state: [JSON] = [], invites: JSON = [:]) -> JSON {
        var timeline: JSON = ["events": .array(events), "limited": .bool(limited)]
        if let prevBatch { timeline = timeline.setting("prev_batch", .string(prevBatch)) }
        var rooms: JSON = ["invite": invites]
        if !events.isEmpty || !state.isEmpty || limited {
            rooms = rooms.setting("join", [room: ["timeline": timeline, "state": ["events": .array(state)]]])
        }
        return ["next_batch": .string(next), "rooms": rooms]
    }
}
