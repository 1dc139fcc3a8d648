import Support

extension SharedInbox {
    /// Renews the leases of a worker's claims every `seconds` until cancelled; a lease found lost while its
    /// claim is still held is logged (another worker may handle that `item` again). `held` lists the claims,
    /// `holds` says whether one is still held: a claim completed while its renewal ran is not lost.
    public func keepLeases(
        every seconds: Double, clock: any WallClock, logger: Logger, item: String,
        held: @Sendable () async -> [SharedInboxClaim], holds: @Sendable (SharedInboxClaim) async -> Bool
    ) async throws {
        while !Task.isCancelled {
            try await clock.sleep(seconds: seconds)
            let claims = await held()
            guard !claims.isEmpty else { continue }
            do {
                for lost in try await renew(claims) where await holds(lost) {
                    logger.warning("lease lost: another worker may handle this \(item) again", ["update": lost.externalID, "chat": lost.chatKey])
                }
            } catch {
                logger.warning("cannot renew leases", ["error": "\(error)"])
            }
        }
    }

    /// Fires `wakeUp` on every notification from another worker (an item stored, a chat freed), and at
    /// least every second: the periodic check for chats whose lease ended with a dead worker.
    public func relayNews(to wakeUp: InboxWakeUp) async {
        while !Task.isCancelled {
            await waitForNews(seconds: 1)
            wakeUp.fire()
        }
    }
}
