import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs services together; on SIGINT/SIGTERM (or when one service ends) it asks every service
/// to shut down, waits up to the grace period, then cancels what is still running.
public final class ServiceGroup: Sendable {
    private let services: [any Service]
    private let gracePeriod: Double
    private let logger: Logger
    private let signals: [Int32]

    public init(services: [any Service], gracePeriod: Double, logger: Logger, signals: [Int32] = [SIGINT, SIGTERM]) {
        self.services = services
        self.gracePeriod = gracePeriod
        self.logger = logger
        self.signals = signals
    }

    /// Runs until every service has returned. Throws the first service error, after shutting the rest down.
    public func run() async throws {
        let (stops, stop) = AsyncStream<String>.makeStream()
        let sources = installSignalHandlers { signal in stop.yield("signal \(signal)") }
        defer { sources.forEach { $0.cancel() } }
        let stopping = StopFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { [logger] in
                    guard case .restart(let backoff) = service.terminationPolicy else {
                        defer { stop.yield("\(service.name) stopped") }
                        try await service.run()
                        return
                    }
                    var failures = 0
                    while true {
                        do {
                            try await service.run()
                            return
                        } catch {
                            if stopping.isSet || Task.isCancelled { return }
                            failures += 1
                            let delay = backoff.delay(attempt: failures)
                            logger.error("service failed; the others keep running and it restarts", [
                                "service": service.name, "error": "\(error)", "failures": failures, "delay": delay,
                            ])
                            // Wait for the delay, or until the group stops.
                            let deadline = ContinuousClock.now + .milliseconds(Int64(delay * 1000))
                            while ContinuousClock.now < deadline, !stopping.isSet { try await Task.sleep(for: .milliseconds(50)) }
                            if stopping.isSet { return }
                        }
                    }
                }
            }
            group.addTask { [services, gracePeriod, logger] in
                // Wait for the first reason to stop, then shut everything down gracefully.
                var iterator = stops.makeAsyncIterator()
                guard let reason = await iterator.next() else { return }
                stopping.set()
                logger.notice("shutting down", ["reason": reason, "grace_seconds": gracePeriod])
                for service in services { await service.shutdown() }
                try? await Task.sleep(for: .milliseconds(Int64(gracePeriod * 1000)))
                throw ShutdownDeadline()
            }
            var firstError: (any Error)?
            var finished = 0
            while finished < services.count {
                do {
                    guard try await group.next() != nil else { break }
                    finished += 1
                } catch is ShutdownDeadline {
                    logger.warning("grace period over; cancelling remaining work")
                    group.cancelAll()
                } catch {
                    finished += 1
                    if firstError == nil { firstError = error }
                    stop.yield("error")
                }
            }
            stop.finish()
            group.cancelAll()
            if let firstError { throw firstError }
        }
    }

    private func installSignalHandlers(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }
}

/// Set once the group starts shutting down, read by services waiting to restart.
final class StopFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// Thrown internally when the grace period ends before every service returned.
struct ShutdownDeadline: InternalError {}
