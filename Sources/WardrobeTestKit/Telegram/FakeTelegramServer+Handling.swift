import Foundation
import JSON

extension FakeTelegramServer {
    /// Every method the fake knows, with its required parameters.
    static let methods: [String: [String]] = [
        "getMe": [], "getUpdates": [], "deleteWebhook": [], "setWebhook": ["url"], "getWebhookInfo": [], "setMyCommands": ["commands"], "getFile": ["file_id"],
        "sendMessage": ["chat_id", "text"], "sendPhoto": ["chat_id", "photo"], "sendMediaGroup": ["chat_id", "media"],
        "sendDocument": ["chat_id", "document"], "editMessageText": ["chat_id", "message_id", "text"],
        "editMessageReplyMarkup": ["chat_id", "message_id"], "deleteMessage": ["chat_id", "message_id"],
        "sendChatAction": ["chat_id", "action"], "answerCallbackQuery": ["callback_query_id"],
        "sendPoll": ["chat_id", "question", "options"], "stopPoll": ["chat_id", "message_id"],
    ]

    func handle(_ request: LoopbackRequest) async -> LoopbackResponse {
        let path = request.path
        if path.hasPrefix("/file/bot") { return download(path) }
        guard path.hasPrefix("/bot"), let slash = path.dropFirst(4).firstIndex(of: "/") else {
            return FakeTelegramServer.error(FakeBotError(code: 404, description: "Not Found"))
        }
        guard path[path.index(path.startIndex, offsetBy: 4)..<slash] == token else {
            return reject(FakeBotError(code: 401, description: "Unauthorized"))
        }
        let method = String(path[path.index(after: slash)...])
        guard let required = FakeTelegramServer.methods[method] else {
            return reject(FakeBotError(code: 404, description: "Not Found: method not found"))
        }
        do throws(FakeBotError) {
            let call = try FakeBotRequest(method: method, request: request)
            state.withLock { state in
                guard state.recordsCalls else { return }
                state.calls.append(FakeBotCall(
                    method: method, parameters: call.parameters, fileFields: call.files.keys.sorted(),
                    files: call.files.mapValues(\.data), encoding: call.encoding, at: Date()))
            }
            if let fault = takeFault(method) { return FakeTelegramServer.response(for: fault) }
            for name in required where call.files[name] == nil { _ = try call.required(name) }
            try checkFiles(call)
            if method == "getUpdates" { return try await updates(call) }
            if method.hasPrefix("send"), method != "sendChatAction", await heldUntilReleased() {
                return FakeTelegramServer.error(FakeBotError(code: 500, description: "Internal Server Error: held send released"))
            }
            return FakeTelegramServer.ok(try answer(call))
        } catch {
            return reject(error)
        }
    }

    /// Holds a send while a hold is active and the message count has reached it; true when it was held.
    private func heldUntilReleased() async -> Bool {
        let hold = state.withLock { state -> Bool in
            state.admittedSends += 1
            guard let limit = state.holdAfter, state.admittedSends > limit else { return false }
            state.held += 1
            return true
        }
        guard hold else { return false }
        while state.withLock({ $0.holdAfter != nil && !$0.stopping }) { try? await Task.sleep(for: .milliseconds(5)) }
        state.withLock { $0.held -= 1 }
        return true
    }

    private func takeFault(_ method: String) -> FakeTelegramFault? {
        state.withLock { state in
            guard var list = state.faults[method], !list.isEmpty else { return nil }
            let fault = list.removeFirst()
            state.faults[method] = list
            return fault
        }
    }

    /// Files may only travel in multipart bodies; `attach://` must name a part.
    private func checkFiles(_ call: FakeBotRequest) throws(FakeBotError) {
        for field in ["photo", "document"] {
            guard let value = call.parameters[field] else { continue }
            guard let text = value.string else { throw .badRequest("wrong file identifier/HTTP URL specified") }
            if text.hasPrefix("attach://"), call.files[String(text.dropFirst(9))] == nil {
                throw .badRequest("wrong file identifier/HTTP URL specified")
            }
        }
        if call.encoding != "multipart" && !call.files.isEmpty { throw .badRequest("files must be sent as multipart/form-data") }
    }

    /// getUpdates: drops confirmed updates, then answers at once or holds until one arrives or the timeout passes.
    private func updates(_ call: FakeBotRequest) async throws(FakeBotError) -> LoopbackResponse {
        if state.withLock({ $0.webhook != nil }) {
            return reject(FakeBotError(code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"))
        }
        let offset = call.parameters["offset"].flatMap { $0.int ?? $0.string.flatMap { Int64($0) } }
        let timeout = min(Double(call.parameters["timeout"].flatMap { $0.int ?? $0.string.flatMap { Int64($0) } } ?? 0), 50)
        let limit = Int(call.parameters["limit"].flatMap { $0.int ?? $0.string.flatMap { Int64($0) } } ?? 100)
        let allowed = call.parameters["allowed_updates"]?.array?.compactMap(\.string)
        state.withLock { state in
            state.getUpdatesCalls += 1
            if let offset {
                state.pending.removeAll { $0.id < offset }
                state.confirmedBelow = max(state.confirmedBelow, offset)
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let batch: [JSON] = state.withLock { state in
                let now = Date()
                let chosen = state.pending.lazy.filter { allowed == nil || allowed!.contains($0.kind) }.prefix(max(1, min(limit, 100)))
                for update in chosen {
                    state.deliveries[update.id, default: 0] += 1
                    if state.firstDelivery[update.id] == nil { state.firstDelivery[update.id] = now }
                    state.lastDelivery[update.id] = now
                }
                return chosen.map(\.json)
            }
            if !batch.isEmpty || Date() >= deadline || state.withLock({ $0.stopping }) { return FakeTelegramServer.ok(.array(batch)) }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    private func download(_ path: String) -> LoopbackResponse {
        let prefix = "/file/bot\(token)/"
        guard path.hasPrefix(prefix) else { return reject(FakeBotError(code: 401, description: "Unauthorized")) }
        let filePath = String(path.dropFirst(prefix.count))
        guard let file = state.withLock({ $0.files.values.first { $0.path == filePath } }) else {
            return FakeTelegramServer.error(FakeBotError(code: 404, description: "Not Found"))
        }
        return LoopbackResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: file.bytes)
    }

    func reject(_ error: FakeBotError) -> LoopbackResponse {
        state.withLock { $0.rejections.append("\(error.code) \(error.description)") }
        return FakeTelegramServer.error(error)
    }

    static func ok(_ result: JSON) -> LoopbackResponse { .json(["ok": true, "result": result]) }

    static func error(_ error: FakeBotError, retryAfter: Int? = nil) -> LoopbackResponse {
        var body: [String: JSON] = ["ok": false, "error_code": .int(Int64(error.code)), "description": .string(error.description)]
        if let retryAfter { body["parameters"] = ["retry_after": .int(Int64(retryAfter))] }
        return .json(.object(body), status: error.code)
    }

    static func response(for fault: FakeTelegramFault) -> LoopbackResponse {
        switch fault {
        case .error(let code, let description, let retryAfter):
            return error(FakeBotError(code: code, description: description), retryAfter: retryAfter)
        case .truncatedJSON:
            let body = Array(#"{"ok":true,"result":[{"update_id":1,"message":{"message_id":"#.utf8)
            return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
        case .badGateway:
            return .text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502, contentType: "text/html")
        }
    }
}
