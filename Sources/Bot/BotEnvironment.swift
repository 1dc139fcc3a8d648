import Closet
import Foundation
import Secrets
import Storage
import Support

/// What the features share: storage, secrets, logging, the clock and the closet rules.
public struct BotEnvironment: Sendable {
    public let store: Store
    public let keys: KeyStore
    public let logger: Logger
    public let clock: any WallClock
    /// The occasions from `bot-config/occasions.json`.
    public let occasions: OccasionCatalog
    /// The outfit rules engine, with the catalog's weights.
    public let engine: OutfitEngine
    /// Seeds for the engine's small randomness; fixed in tests for deterministic answers.
    public let nextSeed: @Sendable () -> UInt64

    public init(
        store: Store, keys: KeyStore, logger: Logger, clock: any WallClock, occasions: OccasionCatalog,
        nextSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    ) {
        self.store = store
        self.keys = keys
        self.logger = logger
        self.clock = clock
        self.occasions = occasions
        self.engine = OutfitEngine(weights: occasions.weights ?? ScoringWeights())
        self.nextSeed = nextSeed
    }
}
