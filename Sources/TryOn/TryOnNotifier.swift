import Storage

/// What the worker tells the chat about a job; the Bot module implements it with chat messages.
///
/// Every method is called from the worker, outside any chat handler. Failures to send are the
/// implementation's to log: they never change the job's outcome.
public protocol TryOnNotifier: Sendable {
    /// The job started running ("Generating…").
    func started(_ job: TryOnJob) async
    /// Still running after `elapsed` seconds: refresh the progress message and the chat action.
    func stillRunning(_ job: TryOnJob, elapsed: Int) async
    /// A retryable error: the job runs again after `delay` seconds.
    func retrying(_ job: TryOnJob, error: TryOnError, delay: Double) async
    /// Start-up recovery put the job back in the queue.
    func requeued(_ job: TryOnJob) async
    /// The user's Cancel reached the running job and it stopped.
    func cancelled(_ job: TryOnJob) async
    /// The job failed for good because of `error` (a `TryOnError`, a `TryOnJobError`, or anything else); the
    /// implementation words it for the user, in their language.
    func failed(_ job: TryOnJob, error: any Error) async
    /// Sends the finished looks. Called at most once per job (after `Store.claimDelivery`).
    func deliver(_ job: TryOnJob, looks: [LookRecord], seconds: Double) async
}
