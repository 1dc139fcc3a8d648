/// A registered slash command: its name, help line and handler.
public struct Command: Sendable {
    public let name: String
    /// Argument hint shown in `/help`, e.g. "OCCASION [N]".
    public let usage: String
    /// One line for `/help` and Telegram's command menu.
    public let summary: String
    /// Hidden commands work but are not listed (e.g. aliases).
    public let listed: Bool
    public let handler: @Sendable (ChatContext, String) async throws -> Void

    public init(
        _ name: String, usage: String = "", summary: String, listed: Bool = true,
        handler: @escaping @Sendable (ChatContext, String) async throws -> Void
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.listed = listed
        self.handler = handler
    }

    /// The `/help` line, e.g. "/outfit OCCASION [N] — an outfit from your closet".
    public var helpLine: String {
        "/\(name)" + (usage.isEmpty ? "" : " \(usage)") + " — \(summary)"
    }
}
