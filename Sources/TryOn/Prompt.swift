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

    /// Limits checked when `prompts.json` is read: the text fits every service's prompt field with
    /// room to spare, the name fits a button, and the list fits one `/prompt` message.
    public static let maximumTextLength = 4000
    /// The longest stable id.
    public static let maximumIDLength = 40
    /// The longest button name.
    public static let maximumNameLength = 40
    /// The longest summary line.
    public static let maximumSummaryLength = 200
    /// The most prompts in one catalog.
    public static let maximumCount = 20

    public init(id: String, name: String, summary: String = "", text: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.text = text
    }
}
