import Chat
import Storage
import Support

/// Registers every feature's commands and handlers on one router.
public enum Features {
    /// The welcome shown by `/start`.
    static let welcome: RichText =
        .bold("Hi, I'm Wardrobe.") + .plain(" I keep your closet and dress you from it. Paste a product link to add a piece, or try /outfit business.")

    /// Builds the router with every feature registered.
    public static func router(_ environment: BotEnvironment) -> Router {
        var builder = RouterBuilder()
        OutfitCommand(environment: environment).register(on: &builder)
        ClosetCommands(environment: environment).register(on: &builder)
        PrivacyFeature(environment: environment).register(on: &builder)
        return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: welcome)
    }
}
