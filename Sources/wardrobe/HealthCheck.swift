import Foundation
import HTTPServer
import JSON
import Scale
import Storage
import Support
import Telegram

/// `/healthz`: the database answers a trivial query, the Telegram worker is polling or serving its
/// webhook, and the webhook inbox is not stuck. 200 with the readings when healthy, else 503 with the reasons.
struct HealthCheck: Sendable {
    let backend: StorageBackend
    let telegram: TelegramPoller?
    let clock: any WallClock
    /// An inbox row waiting longer than this means the drain is stuck.
    var maxInboxAgeSeconds: Double = 300

    func respond() async -> HTTPServerResponse {
        let now = clock.now()
        var reasons: [String] = []
        var report: [String: JSON] = [:]
        let databaseUp: Bool
        var inboxStatistics: InboxStatistics?
        switch backend {
        case .sqlite(let store):
            databaseUp = await store.ping()
        case .postgres(let shared):
            inboxStatistics = try? await shared.shared.inbox.statistics()
            databaseUp = inboxStatistics != nil
        }
        report["database"] = .string(databaseUp ? "ok" : "unreachable")
        if !databaseUp { reasons.append("the database does not answer") }
        if let telegram {
            let health = telegram.currentHealth
            var entry: [String: JSON] = ["state": .string(health.word), "since": .double(health.since.timeIntervalSince1970)]
            if let detail = health.detail { entry["error"] = .string(detail) }
            report["telegram"] = .object(entry)
            if !health.isHealthy(now: now) { reasons.append("telegram is \(health.word)" + (health.detail.map { ": \($0)" } ?? "")) }
        }
        var queues: [String: JSON] = [:]
        if let inbox = inboxStatistics {
            let age = inbox.oldestPending.map { max(0, now.timeIntervalSince($0)) } ?? 0
            queues["inbox"] = ["pending": .int(Int64(inbox.pending)), "set_aside": .int(Int64(inbox.setAside)), "oldest_age_seconds": .double(age.rounded())]
            if age > maxInboxAgeSeconds { reasons.append("the oldest shared-inbox update has waited \(Int(age)) s") }
        }
        if databaseUp, let store = backend.sqlite {
            if let outbox = try? await store.outboxDepth() {
                queues["outbox"] = .object(Dictionary(uniqueKeysWithValues: outbox.map { ($0.transport, JSON.int(Int64($0.count))) }))
            }
            if let inbox = try? await store.inboxDepth(transport: TelegramPoller.transportName) {
                let age = inbox.oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0
                queues["inbox"] = ["pending": .int(Int64(inbox.count)), "oldest_age_seconds": .double(age.rounded())]
                if age > maxInboxAgeSeconds { reasons.append("the oldest webhook update has waited \(Int(age)) s") }
            }
            if let jobs = try? await store.jobCounts() {
                queues["jobs"] = .object(Dictionary(uniqueKeysWithValues: jobs.map { ($0.state, JSON.int(Int64($0.count))) }))
            }
        }
        report["queues"] = .object(queues)
        report["status"] = .string(reasons.isEmpty ? "ok" : "unhealthy")
        if !reasons.isEmpty { report["reasons"] = .array(reasons.map(JSON.string)) }
        return .json(JSON.object(report).serialized() + "\n", status: reasons.isEmpty ? 200 : 503)
    }
}
