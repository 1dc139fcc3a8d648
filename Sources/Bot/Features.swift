import Chat
import Storage
import Support

/// Registers every feature's commands and handlers on one router.
public enum Features {
    /// The welcome shown by `/start`.
    static let welcome: RichText =
        .bold("Hi, I'm Wardrobe.") + .plain(" I keep your closet and dress you from it. Paste a product link to add a piece, try /outfit business, or send a selfie captioned me and a garment captioned wear to see it on you.")

    /// Builds the router with every feature registered.
    public static func router(_ environment: BotEnvironment) -> Router {
        var builder = RouterBuilder()
        OutfitCommand(environment: environment).register(on: &builder)
        ClosetCommands(environment: environment).register(on: &builder)
        PrivacyFeature(environment: environment).register(on: &builder)
        // Photos are dispatched by caption keyword (`add` for the closet, `me`/`wear` for try-on…);
        // features claim keywords on `photos`, the try-on slots take the rest.
        var photos = PhotoRouter()
        if let tryOn = environment.tryOn {
            TryOnFeature(environment: environment, tryOn: tryOn).register(on: &builder, photos: &photos)
        }
        builder.onPhotos(photos.handler)
        return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: welcome)
    }
}
