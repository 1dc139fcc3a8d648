import Foundation
import Secrets
import Storage
import Support

/// What the features share: storage, secrets, logging and the clock.
public struct BotEnvironment: Sendable {
    public let store: Store
    public let keys: KeyStore
    public let logger: Logger
    public let clock: any WallClock

    public init(store: Store, keys: KeyStore, logger: Logger, clock: any WallClock) {
        self.store = store
        self.keys = keys
        self.logger = logger
        self.clock = clock
    }
}
