import Foundation
import Support
import Synchronization
import Testing

/// Each service's termination policy: a failing network restarts alone, a core service stops all.
@Suite struct ServiceGroupTests {
    /// Fails its first `failures` runs, then runs until shut down.
    final class Flaky: Service {
        let name: String
        let policy: TerminationPolicy
        let failures: Int
        let runs = Mutex(0)
        private let (stops, stopper) = AsyncStream<Void>.makeStream()

        init(name: String, policy: TerminationPolicy, failures: Int) {
            self.name = name
            self.policy = policy
            self.failures = failures
        }

        var terminationPolicy: TerminationPolicy { policy }

        func run() async throws {
            let run = runs.withLock { value in
                value += 1
                return value
            }
            if run <= failures { throw TestFailure(run: run) }
            for await _ in stops {}
        }

        func shutdown() async { stopper.finish() }
    }

    struct TestFailure: Error { let run: Int }

    /// Runs until shut down; records that it saw the shutdown.
    final class Steady: Service {
        let name = "steady"
        let stopped = Mutex(false)
        private let (stops, stopper) = AsyncStream<Void>.makeStream()
        func run() async throws {
            for await _ in stops {}
            stopped.withLock { $0 = true }
        }
        func shutdown() async { stopper.finish() }
    }

    @Test func aFailingNetworkRestartsWhileTheOthersKeepRunning() async throws {
        let network = Flaky(name: "telegram", policy: .restart(Backoff(base: 0.01, cap: 0.02)), failures: 3)
        let steady = Steady()
        let logs = MemoryLogSink()
        let group = ServiceGroup(services: [network, steady], gracePeriod: 1, logger: Logger(label: "t", sink: logs), signals: [])
        let running = Task { try await group.run() }
        for _ in 0..<500 where network.runs.withLock({ $0 }) < 4 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(network.runs.withLock { $0 } == 4, "three failures, then a run that lasts")
        #expect(steady.stopped.withLock { $0 } == false, "the other service kept running")
        #expect(logs.lines.filter { $0.contains("service failed; the others keep running") }.count == 3)
        // Nothing stops the group yet: a service that stops the group on its end does.
        running.cancel()
        _ = await running.result
    }

    @Test func aCoreServiceThatFailsStopsTheGroup() async throws {
        let core = Flaky(name: "dispatcher", policy: .stopGroup, failures: 1)
        let steady = Steady()
        let group = ServiceGroup(services: [core, steady], gracePeriod: 1, logger: Logger(label: "t", sink: MemoryLogSink()), signals: [])
        await #expect(throws: TestFailure.self) { try await group.run() }
        #expect(steady.stopped.withLock { $0 }, "the others were shut down")
    }
}
