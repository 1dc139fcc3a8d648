import Support

extension TryOnWorker {
    /// Limits and timings of the try-on worker; the executable fills it from `tryon.*` settings.
    public struct Configuration: Sendable {
        /// Jobs running at once across all users (`tryon.global_concurrency`).
        public var globalConcurrency: Int
        /// Longest one provider call may take, in seconds (`tryon.provider_timeout_seconds`).
        public var providerTimeout: Double
        /// Most runs of one job, counting the first; retryable errors after the last one fail the job.
        public var maxAttempts: Int
        /// Delay before a retry when the service did not say (`Retry-After`).
        public var backoff: Backoff
        /// The longest delay honoured, even when the service asks for more.
        public var maxRetryDelay: Double
        /// How often the progress message and chat action are refreshed, in seconds.
        public var progressInterval: Double
        /// Longest side of the photos sent to the service.
        public var uploadMaxSide: Int
        /// How often a running job's lease is renewed, in seconds (well inside the store's job lease).
        public var leaseRenewInterval: Double = 20
        /// With several workers sharing a database: how often jobs whose worker died (lease expired) are
        /// taken back, in seconds. Nil on one process, where recovery at start-up is all there is (a
        /// periodic pass there would take back jobs that are running).
        public var recoveryInterval: Double?

        public init(
            globalConcurrency: Int = 4, providerTimeout: Double = 180, maxAttempts: Int = 4, backoff: Backoff = Backoff(base: 10, cap: 120),
            maxRetryDelay: Double = 300, progressInterval: Double = 5, uploadMaxSide: Int = 1024
        ) {
            self.globalConcurrency = max(1, globalConcurrency)
            self.providerTimeout = providerTimeout
            self.maxAttempts = max(1, maxAttempts)
            self.backoff = backoff
            self.maxRetryDelay = maxRetryDelay
            self.progressInterval = progressInterval
            self.uploadMaxSide = uploadMaxSide
        }
    }

    /// What the user reads when the bot died twice while making their look.
    public static let restartFailure = "The bot restarted while making your look. Tap Again."
}
