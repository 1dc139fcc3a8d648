/// Knows which incoming event each room is handling, so replies get deterministic transaction ids.
///
/// The dispatcher handles a room's events one at a time in order, so the oldest event submitted and
/// not yet done is the one being handled. Its n-th send gets txnId `mx-<event>-<n>`: when the bot
/// crashes after sending but before recording the event, handling it again after the restart reuses
/// the same ids, the outbox or the server's deduplication returns the earlier event, and nothing is sent twice.
public actor SendAttribution {
    private var inFlight: [String: [String]] = [:]
    private var counters: [String: Int] = [:]

    /// An empty tracker.
    public init() {}

    /// `eventID` of `roomID` was submitted to the dispatcher.
    public func began(_ eventID: String, room roomID: String) {
        inFlight[roomID, default: []].append(eventID)
    }

    /// `eventID` was handled.
    public func ended(_ eventID: String, room roomID: String) {
        if var queue = inFlight[roomID], let index = queue.firstIndex(of: eventID) {
            queue.remove(at: index)
            inFlight[roomID] = queue.isEmpty ? nil : queue
        }
        counters[eventID] = nil
    }

    /// The next transaction id for a send to `roomID`, or nil when no event of that room is being handled.
    public func nextTransactionID(room roomID: String) -> String? {
        guard let eventID = inFlight[roomID]?.first else { return nil }
        let number = counters[eventID, default: 0]
        counters[eventID] = number + 1
        return "mx-\(SendAttribution.sanitize(eventID))-\(number)"
    }

    /// Event ids contain `$`, `:` and base64 characters; keep a txnId to plain url-safe characters.
    static func sanitize(_ eventID: String) -> String {
        String(eventID.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map(Character.init))
    }
}

/// Transaction ids for the sends of one message made while handling a shared-inbox event: the n-th
/// send is `<base>-<n>`. A worker that handles the event again (after a crash), here or elsewhere,
/// derives the same ids, so the outbox or the homeserver returns the first send instead of a second.
public actor TransactionNames {
    /// The common start, e.g. `mx-<event>-<k>` for the k-th message a handler sent for an event.
    public let base: String
    private var next = 0

    /// Names starting with `base`.
    public init(base: String) {
        self.base = base
    }

    /// The next id.
    public func take() -> String {
        defer { next += 1 }
        return "\(base)-\(next)"
    }
}
