import Foundation
import Images
import Storage
import Support
import Synchronization

/// Runs try-on jobs from the durable queue: at most one per user and `globalConcurrency` in all.
///
/// `run()` recovers jobs a previous process left behind, then claims runnable jobs and waits on a
/// wake-up signal (a new job, a finished job) or the next retry time. `shutdown()` stops claiming;
/// running jobs finish, and if the service group cancels them after its grace period they go back
/// to `queued` for the next start. Handlers call `wake()` after enqueuing and `cancel(jobID:)` for
/// the Cancel button.
public final class TryOnWorker: Service {
    public var name: String { "tryon-worker" }

    let store: any WardrobeStore
    let images: ImageProcessor
    let resolver: any ProviderResolver
    let notifier: any TryOnNotifier
    let clock: any WallClock
    let logger: Logger
    let configuration: Configuration

    private struct State {
        var stopping = false
        var tasks: [Int64: Task<Void, Never>] = [:]
        var cancelRequested: Set<Int64> = []
    }

    private let state = Mutex(State())
    private let signal = WakeUpSignal()

    public init(
        store: any WardrobeStore, images: ImageProcessor, resolver: any ProviderResolver, notifier: any TryOnNotifier, clock: any WallClock,
        logger: Logger, configuration: Configuration = Configuration()
    ) {
        self.store = store
        self.images = images
        self.resolver = resolver
        self.notifier = notifier
        self.clock = clock
        self.logger = logger
        self.configuration = configuration
    }

    /// Tells the worker a job was enqueued (or a slot freed), so it looks at the queue now.
    public func wake() { signal.fire() }

    /// Cancels the running task of a job (its provider request included). Call after `Store.cancelJob`.
    public func cancel(jobID: Int64) {
        let task = state.withLock { state -> Task<Void, Never>? in
            if let task = state.tasks[jobID] { return task }
            state.cancelRequested.insert(jobID)
            return nil
        }
        task?.cancel()
    }

    /// Number of jobs this worker is running now.
    public var runningCount: Int { state.withLock { $0.tasks.count } }

    public func run() async throws {
        await recover()
        var nextRecovery = configuration.recoveryInterval.map { clock.now().addingTimeInterval($0) }
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled && !isStopping {
                if let due = nextRecovery, let interval = configuration.recoveryInterval, clock.now() >= due {
                    await recover()
                    nextRecovery = clock.now().addingTimeInterval(interval)
                }
                while !isStopping, let record = await claim() {
                    group.addTask { await self.execute(record) }
                }
                if isStopping { break }
                let next = try? await store.nextJobDate(kind: TryOnJobPayload.kind)
                let wake = [next, nextRecovery].compactMap { $0 }.min()
                await signal.wait(until: wake.map { max($0, clock.now()) }, clock: clock)
            }
            // Leaving the group waits for running jobs; cancellation of run() reaches them too.
        }
        logger.info("try-on worker stopped")
    }

    public func shutdown() async {
        state.withLock { $0.stopping = true }
        signal.fire()
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func claim() async -> JobRecord? {
        do {
            return try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: configuration.globalConcurrency, now: clock.now())
        } catch {
            logger.error("cannot claim a job", ["error": "\(error)"])
            try? await clock.sleep(seconds: 1)
            return nil
        }
    }

    /// Runs one claimed job in its own task, so `cancel(jobID:)` can stop just this one.
    private func execute(_ record: JobRecord) async {
        defer { signal.fire() }
        let task = Task { await self.perform(record) }
        let cancelNow = state.withLock { state -> Bool in
            state.tasks[record.id] = task
            return state.cancelRequested.remove(record.id) != nil
        }
        if cancelNow { task.cancel() }
        // Keeps the job this worker's while it runs; another worker takes back a job whose lease expired.
        // A refused renewal (the job finished, was cancelled or taken back) only ends the renewals:
        // the store refuses a result from a worker that no longer holds the job.
        let renewer = Task { [store, clock, logger, interval = max(0.05, configuration.leaseRenewInterval)] in
            while !Task.isCancelled {
                guard (try? await clock.sleep(seconds: interval)) != nil, !Task.isCancelled else { return }
                if (try? await store.renewJobLease(id: record.id, now: clock.now())) == false {
                    logger.debug("job lease not renewed; the job is no longer this worker's to run", ["job": record.id])
                    return
                }
            }
        }
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        renewer.cancel()
        _ = state.withLock { $0.tasks.removeValue(forKey: record.id) }
    }

    /// Start-up: re-queue or fail jobs left running, deliver finished but undelivered ones.
    private func recover() async {
        let recovery: JobRecovery
        do {
            recovery = try await store.recoverJobs(kind: TryOnJobPayload.kind, failure: Self.restartFailure, now: clock.now())
        } catch {
            logger.error("job recovery failed", ["error": "\(error)"])
            return
        }
        for record in recovery.requeued {
            logger.notice("interrupted job queued again", ["job": record.id])
            if let job = TryOnJob(record) { await notifier.requeued(job) }
        }
        for record in recovery.failed {
            logger.error("job set aside: it was running during two crashes", ["job": record.id, "user": record.userID])
            if let job = TryOnJob(record) { await notifier.failed(job, error: TryOnJobError.setAside) }
        }
        for record in recovery.undelivered {
            guard let job = TryOnJob(record) else { continue }
            let numbers = record.result?["looks"]?.array?.compactMap { $0.int.map(Int.init) } ?? []
            var looks: [LookRecord] = []
            for number in numbers {
                if let look = try? await store.look(userID: record.userID, number: number) { looks.append(look) }
            }
            await deliver(job, looks: looks)
        }
    }

    /// Hands the looks to the notifier unless someone already did.
    func deliver(_ job: TryOnJob, looks: [LookRecord]) async {
        do {
            guard try await store.claimDelivery(jobID: job.id, now: clock.now()) else { return }
        } catch {
            logger.error("cannot mark job delivered", ["job": job.id, "error": "\(error)"])
            return
        }
        let seconds = Double(looks.map(\.durationMilliseconds).max() ?? 0) / 1000
        await notifier.deliver(job, looks: looks, seconds: seconds)
    }
}
