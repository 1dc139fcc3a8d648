/// Why a page could not be read as HTML.
public struct HTMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for logs.
    public let reason: String

    /// An error with a reason for the logs.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason, for logs.
    public var description: String { "HTML parse failed: \(reason)" }

    /// Short text for a person: what happened and what to do.
    public var userMessage: String { "I couldn't read that page. Send a photo of the piece with a caption instead." }
}
