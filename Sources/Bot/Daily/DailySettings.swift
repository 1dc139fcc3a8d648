import Foundation

/// Daily-outfit settings (`schedule.*` and the Telegram global rate in the configuration).
public struct DailySettings: Sendable, Hashable {
    /// The zone of chats that have not set one (`schedule.default_timezone`).
    public var defaultTimeZone: TimeZone
    /// A missed message still goes out this long after its time (`schedule.catch_up_hours`).
    public var catchUp: TimeInterval
    /// Daily messages started per second at most, below the transports' global limit.
    public var perSecond: Int
    /// The occasion for users without a usual one.
    public var defaultOccasion: String
    /// How often composing one day's message may crash the worker before that day is set aside.
    public var maxAttempts: Int
    /// With several workers: how often the subscriptions are read again even without a local wake-up
    /// (a subscription made on another worker), in seconds. Nil on one process, where `/daily` wakes the service.
    public var rereadInterval: Double?

    public init(
        defaultTimeZone: TimeZone = TimeZone(identifier: "UTC")!, catchUp: TimeInterval = 2 * 3600, perSecond: Int = 25,
        defaultOccasion: String = "smart casual", maxAttempts: Int = 2
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.defaultTimeZone = defaultTimeZone
        self.catchUp = catchUp
        self.perSecond = perSecond
        self.defaultOccasion = defaultOccasion
    }

    /// The dispatch rate for a transport limit of `globalPerSecond`: five sixths of it (25 for
    /// Telegram's 30), leaving room for replies; 25 when the limit is off (0).
    public static func rate(belowGlobalLimit globalPerSecond: Double) -> Int {
        globalPerSecond <= 0 ? 25 : max(1, Int((globalPerSecond * 5 / 6).rounded(.down)))
    }

    /// A zone's name for people: its IANA identifier, with Foundation's "GMT" for UTC shown as "UTC".
    static func name(of zone: TimeZone) -> String { zone.identifier == "GMT" ? "UTC" : zone.identifier }

    /// The chat-settings key holding a chat's IANA zone.
    static let timeZoneSetting = "timezone"
    /// The user-settings key holding a user's usual occasion.
    static let usualOccasionSetting = "usual_occasion"
}
