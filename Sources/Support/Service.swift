/// Something long-running: a poll loop, the job workers, the scheduler, the console.
public protocol Service: Sendable {
    /// A name for logs.
    var name: String { get }
    /// Runs until the work is done, `shutdown()` was called, or the task is cancelled.
    func run() async throws
    /// Stops taking new work; in-flight work may finish. `run()` should return soon after.
    func shutdown() async
}
