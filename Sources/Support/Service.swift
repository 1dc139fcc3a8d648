/// Something long-running: a poll loop, the job workers, the scheduler, the console.
public protocol Service: Sendable {
    /// A name for logs.
    var name: String { get }
    /// Runs until the work is done, `shutdown()` was called, or the task is cancelled.
    func run() async throws
    /// Stops taking new work; in-flight work may finish. `run()` should return soon after.
    func shutdown() async
    /// What the group does when `run()` ends on its own (`.stopGroup` unless the service says otherwise).
    var terminationPolicy: TerminationPolicy { get }
}

/// What the service group does when a service's `run()` ends on its own, as swift-service-lifecycle
/// configures per service: one failing network must not take the others down.
public enum TerminationPolicy: Sendable, Hashable {
    /// Its end, clean or failed, shuts the whole group down (the dispatcher, the console).
    case stopGroup
    /// A failure is logged and the service runs again after a backoff; a clean end is final and the
    /// others keep running (a chat network whose token or login was rejected).
    case restart(Backoff)
}

extension Service {
    /// Stops the group unless the service says otherwise.
    public var terminationPolicy: TerminationPolicy { .stopGroup }
}
