/// One try-on prompt template, e.g. "Professional".
public struct Prompt: Sendable, Hashable {
    /// Stable id stored in user settings, e.g. "professional".
    public let id: String
    /// The name shown on buttons.
    public let name: String
    /// What the user sees under the name on `/prompt`.
    public let summary: String
    /// The instruction sent to the model.
    public let text: String

    public init(id: String, name: String, summary: String = "", text: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.text = text
    }
}
