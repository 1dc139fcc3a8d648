import Chat
import Foundation
import Support

/// The daily-outfit feature's parts: settings and the sending service (add it to the services).
public struct DailyEnvironment: Sendable {
    public let settings: DailySettings
    public let service: DailyService

    public init(settings: DailySettings, service: DailyService) {
        self.settings = settings
        self.service = service
    }
}

extension BotEnvironment {
    /// The daily outfit service composing with this environment's closet rules, sending through `outbound`.
    public func makeDaily(outbound: OutboundMessenger, settings: DailySettings) -> DailyEnvironment {
        let composer = OutfitDailyComposer(
            store: store, images: images, occasions: occasions, engine: engine, clock: outbound.clock, nextSeed: nextSeed,
            defaultOccasion: settings.defaultOccasion, catalogs: catalogs)
        return DailyEnvironment(
            settings: settings,
            service: DailyService(
                outbound: outbound, composer: composer, settings: settings, logger: logger.child(label: "daily"), catalogs: catalogs))
    }
}
