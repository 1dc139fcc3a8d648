import Chat
import Localization
import Storage
import Support
import Foundation

/// Registers every feature's commands and handlers on one router.
public enum Features {
    /// The catalog key of the welcome shown by `/start`.
    static let welcome = "chat.welcome"

    /// Builds the router with every feature registered, then whatever `extra` adds.
    public static func router(_ environment: BotEnvironment, adding extra: (inout RouterBuilder) -> Void = { _ in }) -> Router {
        var builder = RouterBuilder()
        builder.translateErrors(ErrorMessages.translator)
        OutfitCommand(environment: environment).register(on: &builder)
        ClosetCommands(environment: environment).register(on: &builder)
        let calendar = WearCalendar(environment: environment)
        WearCommands(calendar: calendar).register(on: &builder)
        StatsFeature(environment: environment, calendar: calendar).register(on: &builder)
        let importing = ImportFeature(environment: environment)
        importing.register(on: &builder)
        builder.onCaptionedPhotos("add") { context, attachments, text in
            guard let photo = attachments.first, let text, !text.isEmpty else {
                throw LocalizedUserMessageError("chat.photo.add_caption")
            }
            try await importing.draftFromPhoto(photo, text: text, context: context)
        }
        PrivacyFeature(environment: environment).register(on: &builder)
        LanguageFeature().register(on: &builder)
        SettingsCommand(environment: environment).register(on: &builder)
        // Captions are dispatched by their first word in the router: `add` (above) belongs to the
        // closet; every other photo — `me`, `wear`, uncaptioned, albums — goes to the try-on slots.
        if let tryOn = environment.tryOn {
            TryOnFeature(environment: environment, tryOn: tryOn).register(on: &builder)
        }
        if let voting = environment.voting { VotingFeature(voting: voting).register(on: &builder) }
        if let daily = environment.daily { DailyFeature(environment: environment, daily: daily).register(on: &builder) }
        // Last of the text handlers: drafts, item cards and links have their say first.
        SmallTalk(environment: environment).register(on: &builder)
        extra(&builder)
        return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: welcome, catalogs: environment.catalogs)
    }
}
