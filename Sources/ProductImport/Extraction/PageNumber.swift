/// Whole numbers taken from a page: image widths and material shares.
///
/// A page may say `1e20`, `1e99w` or `NaN`, and `Int(_:)` traps on anything not finite or out of
/// range, so every such conversion goes through here (the first crashes fuzz-extraction found).
enum PageNumber {
    /// The widest image width taken from a page; larger claims are ignored.
    static let maximumWidth = 100_000

    /// `value` as a whole number when it is finite and within `range`; nil otherwise.
    static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else { return nil }
        return Int(value)
    }

    /// An image width from a page, or nil when it is not a plausible width.
    static func width(_ value: Double) -> Int? {
        whole(value, in: 0...maximumWidth)
    }
}
