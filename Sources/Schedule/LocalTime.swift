/// A wall-clock time of day, e.g. 08:30.
public struct LocalTime: Sendable, Hashable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// A time; nil outside 00:00–23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses "HH:MM" or "H:MM" (24-hour); nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }), let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Seconds after local midnight.
    public var secondsIntoDay: Int { hour * 3600 + minute * 60 }

    /// "HH:MM".
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
