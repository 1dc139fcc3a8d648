extension PostgresSession {
    /// Starts listening on `channel`; notifications then queue up for `nextNotification`.
    /// A session that listens should do nothing else: waiting for a notification blocks it.
    public func listen(_ channel: PostgresChannel) async throws {
        try await execute("LISTEN \(channel.name)")
    }

    /// Sends `payload` on `channel`; inside a transaction it goes out only when that commits.
    public func notify(_ channel: PostgresChannel, payload: String = "") async throws {
        try await query("SELECT pg_notify($1, $2)", [.text(channel.name), .text(payload)])
    }

    /// The next notification on a listened channel, waiting up to `timeoutSeconds` (0–60); nil
    /// when none came. Keep the timeout short where the caller must react to cancellation: the
    /// wait itself cannot be interrupted.
    public func nextNotification(timeoutSeconds: Double) async throws -> PostgresNotification? {
        try await run { try $0.waitForNotification(timeoutSeconds: timeoutSeconds) }
    }
}
