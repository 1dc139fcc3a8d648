/// A rendered message: runs of text, some bold. The chat layer turns it into its rich text.
public struct LocalizedText: Sendable, Hashable {
    /// One run of text with its weight.
    public struct Run: Sendable, Hashable {
        public let text: String
        public let bold: Bool

        public init(text: String, bold: Bool) {
            self.text = text
            self.bold = bold
        }
    }

    public let runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs
    }

    /// The text without formatting.
    public var plain: String { runs.map(\.text).joined() }
}
