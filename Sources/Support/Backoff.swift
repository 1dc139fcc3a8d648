/// Exponential backoff with full jitter, capped: the delay before retry `attempt` (1-based).
public struct Backoff: Sendable, Hashable {
    /// Delay scale of the first retry, in seconds.
    public var base: Double
    /// Largest delay, in seconds.
    public var cap: Double

    public init(base: Double = 1, cap: Double = 60) {
        self.base = base
        self.cap = cap
    }

    /// The ceiling for `attempt`: base·2^(attempt−1), capped.
    public func ceiling(attempt: Int) -> Double {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        return min(cap, base * pow2(exponent))
    }

    /// A delay drawn uniformly from [ceiling/2, ceiling], so retries of many clients spread out.
    public func delay<R: RandomNumberGenerator>(attempt: Int, using generator: inout R) -> Double {
        let ceiling = ceiling(attempt: attempt)
        return Double.random(in: (ceiling / 2)...ceiling, using: &generator)
    }

    /// A delay using the system random generator.
    public func delay(attempt: Int) -> Double {
        var generator = SystemRandomNumberGenerator()
        return delay(attempt: attempt, using: &generator)
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }
}
