import Foundation

/// Spreads many sends over time: at most `perSecond` sends start in any one-second slot.
///
/// Send number `index` (from 0) of a burst starting at `start` may go at `start + index / perSecond`
/// whole seconds, so 1,000 subscribers at the same minute finish within 1,000 / perSecond seconds.
public struct SendPacer: Sendable, Hashable {
    public let perSecond: Int

    /// A pacer; a rate below 1 is treated as 1.
    public init(perSecond: Int) {
        self.perSecond = max(1, perSecond)
    }

    /// The earliest instant send `index` of a burst that started at `start` may go.
    public func slot(_ index: Int, start: Date) -> Date {
        start.addingTimeInterval(Double(index / perSecond))
    }
}
