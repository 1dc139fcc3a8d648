/// What pressing a button does. A feature set names its actions as one enum conforming to this, so a
/// button can only be made for an action of that closed set, and a test can check each has a handler.
/// The raw name is what the button row stores.
public protocol ButtonActionName: Sendable {
    /// The stored name, e.g. `closet.remove`.
    var rawValue: String { get }
}
