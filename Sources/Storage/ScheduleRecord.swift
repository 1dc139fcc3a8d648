import Foundation
import Schedule

/// A daily-outfit subscription: one per user and chat.
public struct ScheduleRecord: Sendable, Hashable {
    public let id: Int64
    public let chatID: Int64
    public let userID: Int64
    /// Local wall-clock time, "HH:MM".
    public let localTime: String
    /// The occasion name the outfit is for.
    public let occasion: String
    /// The days of the week it fires on.
    public let days: Weekdays
    /// The local date ("YYYY-MM-DD") of the last message sent, claimed before sending.
    public let lastSentDate: String?
    /// The item ids the last message showed, so the next day can avoid them.
    public let lastSentItems: [Int64]
    /// Paused when the chat blocked the bot or the bot left the room.
    public let paused: Bool
    /// The chat's IANA time zone from its settings, if it set one.
    public let chatTimeZone: String?

    /// A subscription as a store read it (public: `Scale.PostgresStore` builds them too).
    public init(
        id: Int64, chatID: Int64, userID: Int64, localTime: String, occasion: String, days: Weekdays, lastSentDate: String?,
        lastSentItems: [Int64], paused: Bool, chatTimeZone: String?
    ) {
        self.id = id
        self.chatID = chatID
        self.userID = userID
        self.localTime = localTime
        self.occasion = occasion
        self.days = days
        self.lastSentDate = lastSentDate
        self.lastSentItems = lastSentItems
        self.paused = paused
        self.chatTimeZone = chatTimeZone
    }
}
