/// The groups of `/help`'s short overview, in the order it lists them. Each has a catalog title,
/// `chat.help.topic.RAW`.
public enum HelpTopic: String, Sendable, CaseIterable {
    case closet
    case outfits
    case tryOn = "tryon"
    case settings
    /// Commands no feature filed under a topic.
    case more
}
