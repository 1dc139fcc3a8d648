import Support

/// Runs a Matrix call again after rate limits (honouring the server's delay) and retryable failures.
struct Retrying: Sendable {
    let attempts: Int
    let backoff: Backoff
    let clock: any WallClock

    /// Calls `body` up to `attempts` times; the last error is rethrown. Cancellation is never retried.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch let error as MatrixError {
                if case .network(.cancelled) = error { throw CancellationError() }
                guard attempt < attempts, let delay = delay(after: error, attempt: attempt) else { throw error }
                try await clock.sleep(seconds: delay)
                attempt += 1
            }
        }
    }

    /// How long to wait before retrying after `error`, or nil when it must not be retried.
    func delay(after error: MatrixError, attempt: Int) -> Double? {
        switch error {
        case .rateLimited(let seconds): return seconds ?? backoff.delay(attempt: attempt)
        // The sync loop logs in again; give it a moment before sending with the new token.
        case .unknownToken: return backoff.delay(attempt: attempt + 1)
        default: return error.isRetryable ? backoff.delay(attempt: attempt) : nil
        }
    }
}
