import Chat
import Storage
import Support
import Foundation

/// Registers every feature's commands and handlers on one router.
public enum Features {
    /// The welcome shown by `/start`.
    static let welcome: RichText =
        .bold("Hi, I'm Wardrobe.") + .plain(" I keep your closet and dress you from it. Paste a product link to add a piece, try /outfit business, or send a selfie captioned me and a garment captioned wear to see it on you.")

    /// Builds the router with every feature registered, then whatever `extra` adds.
    public static func router(_ environment: BotEnvironment, adding extra: (inout RouterBuilder) -> Void = { _ in }) -> Router {
        var builder = RouterBuilder()
        OutfitCommand(environment: environment).register(on: &builder)
        ClosetCommands(environment: environment).register(on: &builder)
        let calendar = WearCalendar(environment: environment)
        WearCommands(calendar: calendar).register(on: &builder)
        StatsFeature(environment: environment, calendar: calendar).register(on: &builder)
        let importing = ImportFeature(environment: environment)
        importing.register(on: &builder)
        builder.onCaptionedPhotos("add") { context, attachments, text in
            guard let photo = attachments.first, let text, !text.isEmpty else {
                throw UserMessageError("Caption the photo with add and a description, e.g. add navy wool blazer.")
            }
            try await importing.draftFromPhoto(photo, text: text, context: context)
        }
        PrivacyFeature(environment: environment).register(on: &builder)
        // Captions are dispatched by their first word in the router: `add` (above) belongs to the
        // closet; every other photo — `me`, `wear`, uncaptioned, albums — goes to the try-on slots.
        if let tryOn = environment.tryOn {
            TryOnFeature(environment: environment, tryOn: tryOn).register(on: &builder)
        }
        if let voting = environment.voting { VotingFeature(voting: voting).register(on: &builder) }
        if let daily = environment.daily { DailyFeature(environment: environment, daily: daily).register(on: &builder) }
        extra(&builder)
        return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: welcome)
    }
}
