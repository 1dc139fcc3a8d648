import Foundation
import Postgres
import Scale
import Secrets
import Storage
import Support

/// Where the bot keeps its data: SQLite in the data folder (one process, the default), or one
/// PostgreSQL database that several `wardrobe run` workers share (see docs/scale-out.md).
enum StorageBackend: Sendable {
    case sqlite(Store)
    case postgres(SharedBackend)

    /// The features' and the chat core's storage.
    var store: any WardrobeStore {
        switch self {
        case .sqlite(let store): store
        case .postgres(let backend): backend.store
        }
    }

    /// The SQLite store, for what runs on one machine only (Matrix, housekeeping of local files).
    var sqlite: Store? {
        if case .sqlite(let store) = self { return store }
        return nil
    }

    /// How long a claimed try-on job stays a worker's without renewal, when workers share PostgreSQL.
    var sharedJobLeaseSeconds: Double? {
        if case .postgres(let backend) = self { return backend.store.jobLeaseSeconds }
        return nil
    }

    /// The shared inbox, when workers share PostgreSQL.
    var shared: PostgresSharedInbox? {
        if case .postgres(let backend) = self { return backend.shared }
        return nil
    }

    func close() async {
        switch self {
        case .sqlite(let store): store.close()
        case .postgres(let backend): await backend.close()
        }
    }
}

/// A worker's connections to the shared PostgreSQL: one session for storage, one for inbox claims
/// (so a claim never waits behind a slow query), and the shared inbox's own listening and election sessions.
struct SharedBackend: Sendable {
    let store: PostgresStore
    let shared: PostgresSharedInbox
    let sessions: [PostgresSession]

    func close() async {
        await shared.close()
        for session in sessions { await session.close() }
    }
}

extension App {
    /// Opens the configured backend; on PostgreSQL it migrates the schema first (one worker migrates, the others wait).
    func openBackend(keys: KeyStore, clock: any WallClock) async throws -> StorageBackend {
        guard configuration.string("storage.backend") == "postgres" else { return .sqlite(try openStore()) }
        guard let conninfo = keys.value(for: SecretName.postgresConninfo) else {
            throw CLIError(
                "storage.backend is postgres but no connection string is stored; run `wardrobe keys set \(SecretName.postgresConninfo)` with e.g. `host=db.internal dbname=wardrobe user=wardrobe password=…`")
        }
        redactor.register(conninfo)
        let worker = WorkerID.unique()
        let storeSession: PostgresSession
        do {
            storeSession = try await PostgresSession.connect(conninfo, label: "wardrobe.store", reconnecting: true)
        } catch {
            throw CLIError("cannot connect to PostgreSQL (\(error)); check that it runs and that \(SecretName.postgresConninfo) is right")
        }
        let applied = try await Migrator().migrate(storeSession)
        if !applied.isEmpty { logger.notice("PostgreSQL schema migrated", ["versions": applied.map(String.init).joined(separator: ",")]) }
        let inboxSession = try await PostgresSession.connect(conninfo, label: "wardrobe.inbox", reconnecting: true)
        let inbox = Inbox(
            session: inboxSession,
            configuration: InboxConfiguration(
                leaseSeconds: configuration.double("storage.postgres.lease_seconds"), maxAttempts: configuration.int("worker.max_attempts") + 1),
            clock: clock)
        let election = LeaderElection.Configuration(
            retrySeconds: configuration.double("storage.postgres.election_retry_seconds"),
            checkSeconds: configuration.double("storage.postgres.election_retry_seconds"))
        let shared = PostgresSharedInbox(
            inbox: inbox, worker: worker, conninfo: conninfo, election: election, logger: logger.child(label: "scale").with("worker", worker.text))
        logger.notice("storage on PostgreSQL", ["worker": worker.text])
        return .postgres(SharedBackend(store: PostgresStore(
            session: storeSession, worker: worker, jobLeaseSeconds: configuration.double("storage.postgres.job_lease_seconds")), shared: shared, sessions: [storeSession, inboxSession]))
    }
}
