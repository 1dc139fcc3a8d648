import Chat
import Foundation
import Metrics
import Scale
import Storage
import Support
import Telegram

/// The metric families of the running bot, in one registry (served at `/metrics`). Components get
/// the families they update; queue depths are read from the database at each scrape.
struct BotMetrics: Sendable {
    let registry: MetricsRegistry
    let updatesHandled: MetricFamily
    let handlerSeconds: MetricFamily
    let providerErrors: MetricFamily
    let outboxPending: MetricFamily
    let outboxOldestSeconds: MetricFamily
    let inboxPending: MetricFamily
    let inboxOldestSeconds: MetricFamily
    let jobs: MetricFamily
    let telegram: TelegramMetrics

    /// Handler latency buckets in seconds: most commands take milliseconds, a page fetch seconds.
    static let latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    init(registry: MetricsRegistry = MetricsRegistry()) {
        self.registry = registry
        updatesHandled = registry.counter(
            "wardrobe_updates_handled_total", help: "Incoming messages, button presses and votes handled, per network.", labels: ["network"])
        handlerSeconds = registry.histogram(
            "wardrobe_handler_duration_seconds", help: "Time from an event's turn starting to its handler finishing, per network.",
            labels: ["network"], buckets: BotMetrics.latencyBuckets)
        providerErrors = registry.counter(
            "wardrobe_provider_errors_total", help: "Errors from the AI image services, per service and kind.", labels: ["service", "kind"])
        outboxPending = registry.gauge("wardrobe_outbox_pending", help: "Replies written but not yet sent, per network.", labels: ["network"])
        outboxOldestSeconds = registry.gauge(
            "wardrobe_outbox_oldest_pending_age_seconds", help: "Age of the oldest unsent reply, per network.", labels: ["network"])
        inboxPending = registry.gauge("wardrobe_inbox_pending", help: "Webhook updates stored but not yet handled, per network.", labels: ["network"])
        inboxOldestSeconds = registry.gauge(
            "wardrobe_inbox_oldest_pending_age_seconds", help: "Age of the oldest unhandled webhook update, per network.", labels: ["network"])
        jobs = registry.gauge("wardrobe_jobs", help: "Try-on jobs in the durable queue, per state.", labels: ["state"])
        telegram = TelegramMetrics(registry: registry)
    }

    /// Counts one handled event and its handler time (the dispatcher's observer).
    func observe(_ event: ChatEvent, duration: Duration) {
        let network = event.chat.transport
        updatesHandled.add(1, network)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        handlerSeconds.observe(seconds, network)
    }

    /// Reads the queue depths from `store` before every scrape.
    func collectQueues(from store: Store, clock: any WallClock) {
        registry.addCollector { [self] in
            let now = clock.now()
            if let outbox = try? await store.outboxDepth() {
                outboxPending.replaceAll(outbox.map { ([$0.transport], Double($0.count)) })
                outboxOldestSeconds.replaceAll(outbox.map { ([$0.transport], $0.oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0) })
            }
            if let inbox = try? await store.inboxDepth(transport: TelegramPoller.transportName) {
                inboxPending.replaceAll([([TelegramPoller.transportName], Double(inbox.count))])
                inboxOldestSeconds.replaceAll([([TelegramPoller.transportName], inbox.oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0)])
            }
            if let counts = try? await store.jobCounts() {
                jobs.replaceAll(counts.map { ([$0.state], Double($0.count)) })
            }
        }
    }

    /// Reads the shared inbox's depth before every scrape, when workers share PostgreSQL.
    func collectQueues(from shared: PostgresSharedInbox, clock: any WallClock) {
        registry.addCollector { [self] in
            guard let statistics = try? await shared.inbox.statistics() else { return }
            let age = statistics.oldestPending.map { max(0, clock.now().timeIntervalSince($0)) } ?? 0
            inboxPending.replaceAll([([TelegramPoller.transportName], Double(statistics.pending))])
            inboxOldestSeconds.replaceAll([([TelegramPoller.transportName], age)])
        }
    }
}
