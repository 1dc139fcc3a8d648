import Foundation

/// A daily-outfit subscription: one per user and chat.
public struct ScheduleRecord: Sendable, Hashable {
    public let id: Int64
    public let chatID: Int64
    public let userID: Int64
    /// Local wall-clock time, "HH:MM".
    public let localTime: String
    /// The occasion name the outfit is for.
    public let occasion: String
    /// Monday to Friday only.
    public let weekdaysOnly: Bool
    /// The local date ("YYYY-MM-DD") of the last message sent, claimed before sending.
    public let lastSentDate: String?
    /// The item ids the last message showed, so the next day can avoid them.
    public let lastSentItems: [Int64]
    /// Paused when the chat blocked the bot or the bot left the room.
    public let paused: Bool
    /// The chat's IANA time zone from its settings, if it set one.
    public let chatTimeZone: String?
}
