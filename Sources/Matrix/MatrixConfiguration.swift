import Support

/// Settings of the Matrix worker; the executable builds it from the config file.
public struct MatrixConfiguration: Sendable {
    /// The homeserver's base URL, e.g. "https://matrix.example.org" (no trailing slash needed).
    public var homeserverURL: String
    /// The bot's full user id, e.g. "@wardrobe:example.org".
    public var userID: String
    /// Whose invites the bot accepts.
    public var inviteAllowlist: InviteAllowlist
    /// How long the server may hold a `/sync` open, in milliseconds.
    public var syncTimeoutMilliseconds: Int
    /// Most timeline events per room in one sync; older ones are fetched as a gap.
    public var timelineLimit: Int
    /// Largest image the bot downloads from a user.
    public var maxDownloadBytes: Int
    /// Most `/messages` pages fetched to fill one gap.
    public var maxGapPages: Int
    /// Delays between retries after network and server errors.
    public var backoff: Backoff
    /// How often one message is tried before it is given up.
    public var sendAttempts: Int
    /// The device name shown in the user's session list after a password login.
    public var deviceDisplayName: String
    /// How often an event may crash the worker before it is set aside.
    public var maxAttempts: Int
    /// How long an encrypted event waits for its room key before the sender is told (seconds, 10…3600).
    public var roomKeyWaitSeconds: Double = 60

    /// Settings with defaults for everything but the server and the user.
    public init(
        homeserverURL: String, userID: String, inviteAllowlist: InviteAllowlist = InviteAllowlist([]),
        syncTimeoutMilliseconds: Int = 30_000, timelineLimit: Int = 50, maxDownloadBytes: Int = 26_214_400,
        maxGapPages: Int = 5, backoff: Backoff = Backoff(base: 1, cap: 60), sendAttempts: Int = 5,
        deviceDisplayName: String = "Wardrobe", maxAttempts: Int = 2
    ) {
        var base = homeserverURL
        while base.hasSuffix("/") { base.removeLast() }
        self.homeserverURL = base
        self.userID = userID
        self.inviteAllowlist = inviteAllowlist
        self.syncTimeoutMilliseconds = syncTimeoutMilliseconds
        self.timelineLimit = timelineLimit
        self.maxDownloadBytes = maxDownloadBytes
        self.maxGapPages = maxGapPages
        self.backoff = backoff
        self.sendAttempts = sendAttempts
        self.deviceDisplayName = deviceDisplayName
        self.maxAttempts = max(1, maxAttempts)
    }

    /// The server part of the bot's user id ("example.org" for "@wardrobe:example.org").
    public var serverName: String { MatrixID.server(of: userID) ?? "" }
}

/// Helpers for Matrix identifiers.
public enum MatrixID {
    /// The server name of a user, room or event id ("@a:example.org:8448" → "example.org:8448").
    public static func server(of id: String) -> String? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        let server = id[id.index(after: colon)...]
        return server.isEmpty ? nil : String(server)
    }

    /// The localpart of a user id ("@a:example.org" → "a").
    public static func localpart(of userID: String) -> String {
        let withoutSigil = userID.hasPrefix("@") ? userID.dropFirst() : Substring(userID)
        return String(withoutSigil.prefix { $0 != ":" })
    }
}
