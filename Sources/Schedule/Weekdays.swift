/// The days of the week a daily subscription fires on: a set of ISO weekdays (1 Monday … 7 Sunday), stored as a
/// 7-bit mask (Monday the lowest bit). Never empty: a set without days is every day.
public struct Weekdays: Sendable, Hashable, CustomStringConvertible {
    /// The stored mask, 1…127.
    public let mask: Int

    /// The days of `mask`; a mask outside 1…127 (nothing, or stray bits) reads as every day.
    public init(mask: Int) {
        self.mask = (1...127).contains(mask) ? mask : 127
    }

    /// The days given as ISO weekdays (1 Monday … 7 Sunday); others are left out.
    public init(days: some Sequence<Int>) {
        self.init(mask: days.reduce(0) { (1...7).contains($1) ? $0 | 1 << ($1 - 1) : $0 })
    }

    public static let everyDay = Weekdays(mask: 127)
    /// Monday to Friday.
    public static let mondayToFriday = Weekdays(mask: 31)
    /// Saturday and Sunday.
    public static let weekend = Weekdays(mask: 96)

    /// Whether ISO weekday `day` (1 Monday … 7 Sunday) is in the set.
    public func contains(_ day: Int) -> Bool { (1...7).contains(day) && mask & 1 << (day - 1) != 0 }

    /// The ISO weekdays in the set, Monday first.
    public var days: [Int] { (1...7).filter(contains) }

    /// "1,3,5" for logs.
    public var description: String { days.map(String.init).joined(separator: ",") }
}
