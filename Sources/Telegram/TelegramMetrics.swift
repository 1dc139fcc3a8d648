import Metrics

/// The Telegram worker's metric families, injected by the executable (nil in components built without metrics).
public struct TelegramMetrics: Sendable {
    /// Messages that had to wait for a rate-limit slot or a `retry_after` pause.
    public let rateLimitWaits: MetricFamily
    /// Seconds spent waiting for those slots in total.
    public let rateLimitWaitSeconds: MetricFamily
    /// Webhook requests by result (`accepted`, `duplicate`, `unauthorized`, `invalid`, `unavailable`).
    public let webhookRequests: MetricFamily

    /// The families, registered in `registry`.
    public init(registry: MetricsRegistry) {
        rateLimitWaits = registry.counter(
            "wardrobe_rate_limiter_waits_total", help: "Outgoing Telegram calls that waited for a rate-limit slot or a retry_after pause.")
        rateLimitWaitSeconds = registry.counter(
            "wardrobe_rate_limiter_wait_seconds_total", help: "Seconds outgoing Telegram calls spent waiting for rate-limit slots.")
        webhookRequests = registry.counter(
            "wardrobe_webhook_requests_total", help: "Telegram webhook requests by result.", labels: ["result"])
    }
}
