/// Why a test fake could not start or could not parse what it received.
public struct TestKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the test log.
    public let reason: String

    /// An error with its reason.
    public init(_ reason: String) { self.reason = reason }

    /// The reason, for the test log.
    public var description: String { reason }

    /// A short note for whoever reads the failing test.
    public var userMessage: String { "A test fake failed: \(reason). Check the test's setup." }
}
