import Foundation
import Localization
import Storage
import Support

/// Poison-message protection: before an update or event is handled, its start is recorded durably.
/// An item found started `maxAttempts` times without finishing crashed the worker each time; it is
/// set aside instead of crashing it again: the chat gets one reply, the log one error line with the
/// ids, and `wardrobe doctor` lists it. The transport forgets the attempts when it records the item
/// as handled (`Store.markProcessed(…attemptKind:)`).
public struct PoisonGuard: Sendable {
    /// The catalog key of what a person is told when their message was set aside.
    public static let setAsideKey = "chat.set_aside"
    /// That text in English.
    public static var setAsideText: String { Catalogs.builtIn.string(setAsideKey, in: .en) }

    /// The attempt kind, e.g. "telegram.update" or "matrix.event".
    public let kind: String
    /// Where starts are recorded.
    public let store: any AttemptLedger
    public let maxAttempts: Int
    public let logger: Logger
    public let clock: any WallClock

    public init(kind: String, store: any AttemptLedger, maxAttempts: Int, logger: Logger, clock: any WallClock) {
        self.kind = kind
        self.store = store
        self.maxAttempts = max(1, maxAttempts)
        self.logger = logger
        self.clock = clock
    }

    /// Runs `body` for `event` (known by `itemID`) unless it is set aside.
    public func run(_ itemID: String, event: ChatEvent, via transport: any ChatTransport, _ body: @Sendable () async -> Void) async {
        if await begin(itemID, event: event, via: transport) { await body() }
    }

    /// Records the start of `event` (known by `itemID`); false when it was set aside instead, in
    /// which case the chat has been told through `transport`.
    public func begin(_ itemID: String, event: ChatEvent, via transport: any ChatTransport) async -> Bool {
        let decision: AttemptDecision
        do {
            decision = try await store.beginAttempt(
                kind: kind, itemID: itemID, chatKey: "\(event.chat.transport):\(event.chat.id)", maxAttempts: maxAttempts, now: clock.now())
        } catch {
            logger.error("cannot record the attempt; handling anyway", ["update": itemID, "error": "\(error)"])
            return true
        }
        guard case .setAside(let attempts) = decision else { return true }
        logger.error("update set aside: it crashed the worker", [
            "update": itemID, "kind": kind, "chat": event.chat.id, "user": event.sender.id, "attempts": attempts,
        ])
        try? await store.describeSetAside(kind: kind, itemID: itemID, detail: "from \(event.sender.id) in \(event.chat.id); crashed the worker \(attempts) times")
        // No handler runs, so no user row is read: the app's language is the best guess, from the built-in catalogs.
        let text = RichText(Catalogs.builtIn.text(PoisonGuard.setAsideKey, in: event.sender.language ?? .en))
        _ = try? await transport.send(.text(text, replyTo: event.chat.kind == .group ? event.message : nil), to: event.chat)
        return false
    }
}
