import Foundation
import Synchronization

/// What the Telegram worker is doing, as `/healthz` reports it.
public enum TelegramActivity: Sendable, Hashable {
    /// getMe and setMyCommands at start-up.
    case starting
    /// getUpdates answers.
    case polling
    /// Draining the webhook inbox.
    case webhook
    /// getUpdates has been failing since `TelegramHealth.since`.
    case failing(String)
    /// The worker ended (a rejected token, or shutdown).
    case stopped(String)
}

/// A reading of the worker's state.
public struct TelegramHealth: Sendable, Hashable {
    /// What it is doing.
    public let activity: TelegramActivity
    /// Since when.
    public let since: Date

    /// Healthy unless stopped, or failing for longer than `failingGrace` seconds (one failed poll is normal).
    public func isHealthy(now: Date, failingGrace: TimeInterval = 120) -> Bool {
        switch activity {
        case .starting, .polling, .webhook: return true
        case .failing: return now.timeIntervalSince(since) < failingGrace
        case .stopped: return false
        }
    }

    /// A word for the report: starting, polling, webhook, failing, stopped.
    public var word: String {
        switch activity {
        case .starting: return "starting"
        case .polling: return "polling"
        case .webhook: return "webhook"
        case .failing: return "failing"
        case .stopped: return "stopped"
        }
    }

    /// The last error, when failing or stopped.
    public var detail: String? {
        switch activity {
        case .failing(let text), .stopped(let text): return text
        default: return nil
        }
    }
}

/// The worker's health, set by the poll loop and read by `/healthz`.
final class TelegramHealthState: Sendable {
    private let state = Mutex(TelegramHealth(activity: .starting, since: Date(timeIntervalSince1970: 0)))

    /// Records what the worker does from `now` on.
    func set(_ activity: TelegramActivity, now: Date) {
        state.withLock { $0 = TelegramHealth(activity: activity, since: now) }
    }

    /// A failed poll: the first one starts the failing period, later ones keep its start.
    func failed(_ text: String, now: Date) {
        state.withLock { health in
            if case .failing = health.activity {
                health = TelegramHealth(activity: .failing(text), since: health.since)
            } else {
                health = TelegramHealth(activity: .failing(text), since: now)
            }
        }
    }

    /// The latest reading.
    var current: TelegramHealth { state.withLock { $0 } }
}

extension TelegramPoller {
    /// The worker's state now, for `/healthz`.
    public var currentHealth: TelegramHealth { health.current }
}
