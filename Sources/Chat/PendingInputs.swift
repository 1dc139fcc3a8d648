import JSON
import Synchronization

/// What a person's next message may answer: a typed answer a feature waits for ("Type the size"),
/// numbered choices on transports without buttons, a photo for a piece. A command cancels all of it,
/// so "/remove 3", "/closet", "1" does not delete #3, and a photo sent after "/outfit" is not taken as
/// the photo "/edit 2 photo" asked for before.
///
/// Which chat states hold such keys is remembered per person and chat, so a command costs a state
/// read only where something may be pending (and once per person after a start).
final class PendingInputs: Sendable {
    /// The chat-state keys that hold pending input.
    let keys: [String]
    /// Per "chat:user": whether the state may hold one of `keys`. Absent means not known since start.
    private let mayBePending = Mutex<[String: Bool]>([:])
    /// Entries kept before the map starts over (every pair then counts as not known).
    private static let capacity = 100_000

    /// Tracks `keys` (the choices key is always one).
    init(keys: [String]) {
        self.keys = Array(Set(keys + [Choices.stateKey])).sorted()
    }

    /// Whether the state of `userID` in `chatID` may hold pending input.
    func mayHave(chatID: Int64, userID: Int64) -> Bool {
        mayBePending.withLock { $0["\(chatID):\(userID)"] ?? true }
    }

    /// Notes what a state about to be stored holds.
    func note(_ state: JSON, chatID: Int64, userID: Int64) {
        let pending = holdsPending(state)
        mayBePending.withLock { map in
            if map.count >= Self.capacity { map.removeAll(keepingCapacity: true) }
            map["\(chatID):\(userID)"] = pending
        }
    }

    /// Whether `state` holds any of `keys`.
    func holdsPending(_ state: JSON) -> Bool {
        keys.contains { key in state[key].map { $0 != .null } ?? false }
    }

    /// Whether `state` waits for typed words (a pending key other than the numbered choices).
    func awaitsWords(_ state: JSON) -> Bool {
        keys.contains { key in key != Choices.stateKey && (state[key].map { $0 != .null } ?? false) }
    }

    /// `state` without any of `keys`.
    func clearing(_ state: JSON) -> JSON {
        keys.reduce(state) { $0[$1] == nil ? $0 : $0.setting($1, .null) }
    }
}
