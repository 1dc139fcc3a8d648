/// A small seeded random number generator (SplitMix64); no global state.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Makes a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.finalize(state)
    }

    /// A well-mixed hash of `value`: one SplitMix64 step, usable as a seeded hash.
    public static func mix(_ value: UInt64) -> UInt64 {
        finalize(value &+ 0x9E37_79B9_7F4A_7C15)
    }

    private static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
