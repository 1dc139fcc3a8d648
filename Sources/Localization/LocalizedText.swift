/// A rendered message: runs of text, some bold. The chat layer turns it into its rich text.
public struct LocalizedText: Sendable, Hashable {
    /// One run of text with its weight.
    public struct Run: Sendable, Hashable {
        /// The run's characters.
        public let text: String
        /// Whether the run is bold.
        public let bold: Bool

        /// A run of text with its weight.
        public init(text: String, bold: Bool) {
            self.text = text
            self.bold = bold
        }
    }

    /// The runs in order.
    public let runs: [Run]

    /// A text of these runs.
    public init(runs: [Run]) {
        self.runs = runs
    }

    /// The text without formatting.
    public var plain: String { runs.map(\.text).joined() }
}
