import Foundation
import JSON
import Localization
import Storage
import Support

/// Group voting settings (`voting.*` in the configuration).
public struct VotingSettings: Sendable, Hashable {
    /// How long a vote stays open when the chat did not set a window (`voting.default_window_minutes`).
    public var defaultWindowMinutes: Int
    /// Members who spoke within this many seconds must all vote to close a vote early.
    public var activeMemberPeriod: TimeInterval

    public init(defaultWindowMinutes: Int = 10, activeMemberPeriod: TimeInterval = 7 * 86_400) {
        self.defaultWindowMinutes = defaultWindowMinutes
        self.activeMemberPeriod = activeMemberPeriod
    }

    /// The chat-settings key holding a chat's own window.
    static let windowSetting = "vote_window_minutes"
    /// The shortest and longest window `/vote window` accepts, in minutes.
    static let windowRange = 1...(7 * 24 * 60)

    /// The window of `chat` in minutes: its own setting, else the default.
    func windowMinutes(of chat: ChatRecord) -> Int {
        chat.settings[Self.windowSetting]?.int.map { Int($0) }.flatMap { Self.windowRange.contains($0) ? $0 : nil }
            ?? defaultWindowMinutes
    }

    /// Parses "30m", "2h", "1d", "90 min", "45" (minutes) into minutes within 1m–7d.
    static func parseWindow(_ text: String) throws -> Int {
        let usage = LocalizedUserMessageError("vote.window.usage")
        let compact = text.lowercased().filter { !$0.isWhitespace }
        let digits = compact.prefix { $0.isNumber }
        guard let number = Int(digits), number > 0 else { throw usage }
        let factor: Int
        switch compact.dropFirst(digits.count) {
        case "", "m", "min", "mins", "minute", "minutes": factor = 1
        case "h", "hr", "hrs", "hour", "hours": factor = 60
        case "d", "day", "days": factor = 24 * 60
        default: throw usage
        }
        let (minutes, overflow) = number.multipliedReportingOverflow(by: factor)
        guard !overflow, windowRange.contains(minutes) else { throw usage }
        return minutes
    }

    /// "10 min", "2 h", "1 day", "1 h 30 min" in the reader's language.
    static func describe(minutes: Int, _ words: Phrasebook) -> String {
        if minutes % (24 * 60) == 0 { return words.string("duration.days", ["count": .integer(minutes / (24 * 60))]) }
        if minutes >= 60 { return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min") }
        return "\(minutes) min"
    }
}
