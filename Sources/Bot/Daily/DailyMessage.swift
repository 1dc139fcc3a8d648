import Chat
import Foundation
import Schedule
import Storage

/// One day's message for one subscription: what to send and which pieces it shows.
public struct DailyMessage: Sendable {
    /// The messages, in order (the outfit picture with its text and buttons; or one line).
    public var parts: [OutgoingMessage]
    /// The item ids shown, recorded with the claim so tomorrow avoids them.
    public var itemIDs: [Int64]

    public init(parts: [OutgoingMessage], itemIDs: [Int64]) {
        self.parts = parts
        self.itemIDs = itemIDs
    }
}

/// Everything a composer needs to know about one due send.
public struct DailyRequest: Sendable {
    public let schedule: ScheduleRecord
    public let chat: ChatRecord
    public let user: UserRecord
    /// The local date the message is for.
    public let date: LocalDate
    public let zone: TimeZone
}

/// Makes the daily message; the outfit composer in production, something cheap in load tests.
public protocol DailyMessageComposer: Sendable {
    func compose(_ request: DailyRequest) async throws -> DailyMessage
}
