import Chat
import Foundation

/// One photo of an album (messages sharing a `media_group_id` arrive as separate updates).
struct AlbumPart: Sendable {
    /// "chat:media_group_id", unique per album.
    let groupID: String
    let updateID: Int64
    let chat: ChatAddress
    let sender: Sender
    let attachment: Attachment
    let caption: String?
    let message: MessageRef
    let replyTo: MessageRef?
    let date: Date
}

/// A complete album: one event for all its photos, and every update that carried a part.
struct Album: Sendable {
    let updateIDs: [Int64]
    let event: ChatEvent
}

/// Holds album parts until no new part arrived for the window (or ten arrived), then releases
/// them as one `.photos` event. A pure value: the poll loop feeds it the time.
struct AlbumCollector: Sendable {
    /// Telegram albums hold at most ten items.
    static let maximumParts = 10
    private var pending: [String: (parts: [AlbumPart], deadline: Date)] = [:]
    /// How long to wait after the latest part.
    let window: TimeInterval

    init(window: TimeInterval) {
        self.window = window
    }

    /// Adds a part; the album's deadline moves to `now + window`.
    mutating func add(_ part: AlbumPart, now: Date) {
        var entry = pending[part.groupID] ?? (parts: [], deadline: now)
        entry.parts.append(part)
        entry.deadline = entry.parts.count >= AlbumCollector.maximumParts ? now : now.addingTimeInterval(window)
        pending[part.groupID] = entry
    }

    /// Removes and returns every album whose deadline has come, oldest first.
    mutating func takeDue(now: Date) -> [Album] {
        let due = pending.filter { $0.value.deadline <= now }
        for key in due.keys { pending[key] = nil }
        return due.values.map { AlbumCollector.album(of: $0.parts) }.sorted { $0.updateIDs[0] < $1.updateIDs[0] }
    }

    /// Removes and returns every album, complete or not (shutdown).
    mutating func takeAll() -> [Album] {
        takeDue(now: .distantFuture)
    }

    /// The earliest deadline of a held album.
    var nextDeadline: Date? { pending.values.map(\.deadline).min() }

    /// Whether any part is held.
    var isEmpty: Bool { pending.isEmpty }

    static func album(of parts: [AlbumPart]) -> Album {
        let ordered = parts.sorted { $0.updateID < $1.updateID }
        let first = ordered[0]
        let event = ChatEvent(
            id: String(first.updateID), chat: first.chat, sender: first.sender,
            payload: .photos(ordered.map(\.attachment), caption: ordered.lazy.compactMap(\.caption).first),
            message: first.message, replyTo: first.replyTo, date: first.date)
        return Album(updateIDs: ordered.map(\.updateID), event: event)
    }
}
