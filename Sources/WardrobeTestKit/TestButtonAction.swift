import Chat

/// A button action named by a test: the router's and the transports' tests make buttons of their own.
public struct TestButtonAction: ButtonActionName {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
}
