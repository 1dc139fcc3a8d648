import Foundation
import JSON
import Synchronization

/// A loopback Bot API server for tests, written from the official Bot API documentation.
///
/// It serves `/bot<token>/METHOD` and `/file/bot<token>/PATH`, checks what the bot sends
/// (token, methods, required parameters, encodings, limits, HTML, callback answers), answers
/// with real-shaped objects and the Bot API error shapes, plays scripted faults, and acts as
/// the users: it queues updates and long-polls like Telegram (confirming by offset,
/// redelivering what was not confirmed). Everything the bot sends is recorded.
public final class FakeTelegramServer: Sendable {
    /// Everything the server knows; guarded by one lock.
    struct State {
        var pending: [(id: Int64, kind: String, json: JSON, chatID: Int64?)] = []
        var nextUpdateID: Int64 = 100
        var nextMessageID: Int64 = 1
        var nextFileNumber = 1
        var deliveries: [Int64: Int] = [:]
        var firstDelivery: [Int64: Date] = [:]
        var lastDelivery: [Int64: Date] = [:]
        var updateChats: [(id: Int64, chatID: Int64?)] = []
        var confirmedBelow: Int64 = 0
        var calls: [FakeBotCall] = []
        var messages: [FakeSentMessage] = []
        var files: [String: (bytes: [UInt8], path: String, size: Int)] = [:]
        var faults: [String: [FakeTelegramFault]] = [:]
        var webhook: FakeWebhook?
        var callbacks: [String: String?] = [:]
        var answeredCallbacks: [String: String?] = [:]
        var polls: [String: Int64] = [:]
        /// The command menus by `language_code` ("" is the default menu).
        var commandMenus: [String: [JSON]] = [:]
        var rejections: [String] = []
        var getUpdatesCalls = 0
        var stopping = false
        var holdAfter: Int?
        var held = 0
        var admittedSends = 0
        var recordsCalls = true
    }

    let state = Mutex(State())
    let http: LoopbackHTTPServer
    /// The token the bot must use.
    public let token: String
    /// The bot's identity, as getMe answers.
    public let botUser = FakeUser(id: 4242, firstName: "Wardrobe", username: "wardrobe_test_bot")
    /// Largest file getFile serves; nil for a local Bot API server without the limit.
    public let downloadLimit: Int?

    /// Starts a server on 127.0.0.1 accepting `token`.
    public init(token: String = "123456:TEST-token-for-the-fake-bot-api-0000", downloadLimit: Int? = 20 * 1024 * 1024) throws(TestKitError) {
        self.token = token
        self.downloadLimit = downloadLimit
        let box = WeakBox()
        http = try LoopbackHTTPServer { request in
            guard let server = box.server else { return .text("gone", status: 503) }
            return await server.handle(request)
        }
        box.server = self
    }

    /// The base URL to configure as `telegram.api_base_url`.
    public var baseURL: String { http.baseURL }

    /// Stops the server. Call it off the cooperative pool (or use `shutdown()`): it joins the
    /// connection threads, which may wait for handlers that need the pool.
    public func stop() {
        state.withLock { $0.stopping = true }
        http.stop()
    }

    /// Releases held long polls and stops the server on a separate thread, so the pool never blocks.
    public func shutdown() async {
        state.withLock { $0.stopping = true }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [http] in
                http.stop()
                continuation.resume()
            }
            thread.start()
        }
    }

    // MARK: Recording

    /// Whether every call is kept for `calls` (benchmarks turn it off to keep memory flat).
    public func recordCalls(_ on: Bool) { state.withLock { $0.recordsCalls = on } }

    /// Every call the bot made, in order.
    public var calls: [FakeBotCall] { state.withLock { $0.calls } }

    /// Calls of one method.
    public func calls(_ method: String) -> [FakeBotCall] { calls.filter { $0.method == method } }

    /// Messages the bot sent (not deleted), in order; optionally only in one chat.
    public func messages(inChat chatID: Int64? = nil) -> [FakeSentMessage] {
        state.withLock { state in state.messages.filter { !$0.deleted && (chatID == nil || $0.chatID == chatID) } }
    }

    /// How many messages the bot sent (deleted ones included); cheap enough to poll while thousands pile up.
    public var sentMessageCount: Int { state.withLock { $0.messages.count } }

    /// Visible texts of the bot's messages in a chat.
    public func texts(inChat chatID: Int64) -> [String] { messages(inChat: chatID).map(\.text) }

    /// Callback queries the bot has not answered.
    public var unansweredCallbacks: [String] { state.withLock { state in state.callbacks.keys.filter { state.answeredCallbacks[$0] == nil }.sorted() } }

    /// The notice text the bot answered each callback query with (nil: answered without text).
    public var callbackAnswers: [String: String?] { state.withLock { $0.answeredCallbacks } }

    /// Requests the server refused because the bot got something wrong (400s, bad tokens), as descriptions.
    public var rejections: [String] { state.withLock { $0.rejections } }

    /// The default command menu (no language_code) from the latest setMyCommands.
    public var commandMenu: [String] { state.withLock { ($0.commandMenus[""] ?? []).compactMap { $0["command"]?.string } } }

    /// The command descriptions by name that setMyCommands set for `languageCode` (nil: the default menu).
    public func commandDescriptions(languageCode: String? = nil) -> [String: String] {
        state.withLock { state in
            var descriptions: [String: String] = [:]
            for entry in state.commandMenus[languageCode ?? ""] ?? [] {
                if let name = entry["command"]?.string, let text = entry["description"]?.string { descriptions[name] = text }
            }
            return descriptions
        }
    }

    /// The language codes that have their own command menu.
    public var commandMenuLanguages: [String] { state.withLock { $0.commandMenus.keys.filter { !$0.isEmpty }.sorted() } }

    /// How often each update was delivered by getUpdates.
    public var deliveries: [Int64: Int] { state.withLock { $0.deliveries } }

    /// When each update was first delivered.
    public var firstDeliveries: [Int64: Date] { state.withLock { $0.firstDelivery } }

    /// When each update was last delivered.
    public var lastDeliveries: [Int64: Date] { state.withLock { $0.lastDelivery } }

    /// The highest offset a getUpdates call passed: every update below it is confirmed and gone.
    public var confirmedBelow: Int64 { state.withLock { $0.confirmedBelow } }

    /// Updates queued so far with their chats, in order.
    public var updateLog: [(id: Int64, chatID: Int64?)] { state.withLock { $0.updateChats } }

    /// Updates not yet confirmed by an offset.
    public var unconfirmedCount: Int { state.withLock { $0.pending.count } }

    /// How many getUpdates calls arrived.
    public var getUpdatesCount: Int { state.withLock { $0.getUpdatesCalls } }

    /// Waits until `condition` holds (checked every 10 ms); false after `timeout`.
    public func wait(timeout: Duration = .seconds(10), until condition: @Sendable (FakeTelegramServer) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }

    // MARK: Scripting

    /// The next `times` calls of `method` fail with `fault`.
    public func inject(_ fault: FakeTelegramFault, method: String, times: Int = 1) {
        state.withLock { $0.faults[method, default: []] += Array(repeating: fault, count: times) }
    }

    /// After `count` sent messages, holds every further send unanswered (as if Telegram stalled)
    /// until `releaseHeldSends()`; held sends are then refused, so they never count as delivered.
    public func holdSends(after count: Int) {
        state.withLock { state in
            state.holdAfter = count
            state.admittedSends = state.messages.count
        }
    }

    /// Ends the hold: held sends get a 500 and are not recorded; later sends work again.
    public func releaseHeldSends() {
        state.withLock { state in
            state.holdAfter = nil
            state.admittedSends = 0
        }
    }

    /// How many sends are being held right now.
    public var heldSends: Int { state.withLock { $0.held } }

    /// Sets a webhook: getUpdates answers 409 until the bot calls deleteWebhook.
    public func setWebhook(_ url: String?) { state.withLock { $0.webhook = url.map { FakeWebhook(url: $0) } } }

    /// The webhook the bot set (setWebhook), if any.
    public var webhook: FakeWebhook? { state.withLock { $0.webhook } }

    /// Takes the queued updates as Telegram's webhook delivery does (they are no longer offered to
    /// getUpdates), in order, keeping only the webhook's allowed update types when it named some.
    public func takeForWebhook() -> [(id: Int64, body: JSON)] {
        state.withLock { state in
            let allowed = state.webhook?.allowedUpdates ?? []
            let taken = state.pending.filter { allowed.isEmpty || allowed.contains($0.kind) }
            state.pending.removeAll()
            let now = Date()
            for update in taken {
                state.deliveries[update.id, default: 0] += 1
                if state.firstDelivery[update.id] == nil { state.firstDelivery[update.id] = now }
            }
            return taken.map { ($0.id, $0.json) }
        }
    }

    /// Skips update ids, so the next update's id is not contiguous with the last.
    public func skipUpdateIDs(_ count: Int64) { state.withLock { $0.nextUpdateID += count } }

    /// Registers a downloadable file and returns its file id.
    public func addFile(_ bytes: [UInt8], declaredSize: Int? = nil, name: String = "photo.jpg") -> String {
        state.withLock { state in
            let number = state.nextFileNumber
            state.nextFileNumber += 1
            let id = "FILE\(number)"
            state.files[id] = (bytes, "files/\(number)-\(name)", declaredSize ?? bytes.count)
            return id
        }
    }

    /// Queues a raw update object (its update_id is assigned) and returns the id.
    @discardableResult
    public func enqueue(_ kind: String, _ payload: JSON, chatID: Int64?) -> Int64 {
        state.withLock { state in
            let id = state.nextUpdateID
            state.nextUpdateID += 1
            state.pending.append((id, kind, ["update_id": .int(id), kind: payload], chatID))
            state.updateChats.append((id, chatID))
            return id
        }
    }

    /// A new message id in a chat (ids increase across the server).
    func nextMessageID() -> Int64 {
        state.withLock { state in
            defer { state.nextMessageID += 1 }
            return state.nextMessageID
        }
    }
}

/// Lets the HTTP handler reach the server without a reference cycle.
final class WeakBox: @unchecked Sendable {
    // Set once right after init, before any request can arrive; read-only afterwards.
    weak var server: FakeTelegramServer?
}
