import Foundation

/// Users (`@a:example.org`) and servers (`example.org`) whose invites the bot accepts.
public struct InviteAllowlist: Sendable, Hashable {
    /// Exact user ids.
    public let users: Set<String>
    /// Server names; every user on them is allowed.
    public let servers: Set<String>

    /// Splits entries into users (starting with `@`) and servers; blanks are ignored.
    public init(_ entries: [String]) {
        var users: Set<String> = []
        var servers: Set<String> = []
        for entry in entries {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("@") { users.insert(trimmed) } else { servers.insert(trimmed.lowercased()) }
        }
        self.users = users
        self.servers = servers
    }

    /// Whether an invite from `userID` is accepted. User ids are case-sensitive; server names are not.
    public func allows(_ userID: String) -> Bool {
        if users.contains(userID) { return true }
        guard userID.hasPrefix("@"), let server = MatrixID.server(of: userID) else { return false }
        return servers.contains(server.lowercased())
    }
}
