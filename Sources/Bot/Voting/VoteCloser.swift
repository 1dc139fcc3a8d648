import Foundation
import Support
import Synchronization

/// Closes group votes on time: at start-up it closes what fell due while the bot was down, then
/// sleeps on the injected clock until the next `closes_at` (or until a new vote opens).
public final class VoteCloser: Service {
    public let name = "vote-closer"
    let voting: GroupVoting
    private let stopped = Mutex(false)

    public init(voting: GroupVoting) {
        self.voting = voting
    }

    public func run() async throws {
        while !Task.isCancelled, !stopped.withLock({ $0 }) {
            await voting.closeDue()
            let next: Date?
            do { next = try await voting.store.nextVoteClose() } catch {
                voting.logger.error("cannot read the next vote deadline", ["error": "\(error)"])
                next = voting.clock.now().addingTimeInterval(60)
            }
            await voting.closerSignal.wait(until: next, clock: voting.clock)
        }
    }

    public func shutdown() async {
        stopped.withLock { $0 = true }
        voting.closerSignal.fire()
    }
}
