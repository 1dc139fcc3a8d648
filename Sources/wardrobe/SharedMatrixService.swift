import Matrix
import Scale
import Support
import Synchronization

/// On PostgreSQL the Matrix worker's state (sync position, handled events, encryption rows) is shared.
extension PostgresStore: MatrixStore {}

/// Serves one Matrix account from whichever worker is elected for it, when workers share PostgreSQL.
///
/// `/sync` allows one consumer per account and the device's encryption state one writer, so the
/// elected worker syncs, decrypts, encrypts and sends; every term starts a fresh `MatrixService` that
/// reads the shared state back and writes the rooms' events to the shared inbox with the sync position.
/// Every worker (the elected one too) handles those events room by room (`MatrixClaimLoop`), and its
/// Matrix messages (replies, try-on results, daily outfits, vote results) reach the elected worker
/// through `SharedMatrixTransport`.
final class SharedMatrixService: Service {
    let name = "matrix"
    /// The transport features send through on this worker, elected or not.
    let transport: SharedMatrixTransport
    private let shared: PostgresSharedInbox
    private let claims: MatrixClaimLoop
    private let userID: String
    private let logger: Logger
    private let makeService: @Sendable () -> MatrixService
    private let current = Mutex<MatrixService?>(nil)
    private let stops: AsyncStream<Void>
    private let stop: AsyncStream<Void>.Continuation

    init(
        userID: String, transport: SharedMatrixTransport, shared: PostgresSharedInbox, claims: MatrixClaimLoop, logger: Logger,
        makeService: @escaping @Sendable () -> MatrixService
    ) {
        self.claims = claims
        self.userID = userID
        self.transport = transport
        self.shared = shared
        self.logger = logger
        self.makeService = makeService
        (stops, stop) = AsyncStream<Void>.makeStream()
    }

    /// As `MatrixService`: a rejected login or an outage ends this run, and it runs again after a backoff.
    var terminationPolicy: TerminationPolicy { .restart(Backoff(base: 5, cap: 300)) }

    func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.shared.lead("poller:matrix:\(self.userID)") { try await self.term() } }
            group.addTask { try await self.claims.run() }
            group.addTask { for await _ in self.stops {} }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// One term as the elected worker: sync into the shared inbox, and send what the workers relay.
    private func term() async throws {
        let service = makeService()
        current.withLock { $0 = service }
        transport.serve(through: service.transport)
        defer {
            transport.serve(through: nil)
            current.withLock { $0 = nil }
        }
        logger.notice("elected to serve this Matrix account", ["user": userID])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await service.run() }
            group.addTask { [transport] in try await transport.deliverRelayed(through: service.transport) }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    func shutdown() async {
        stop.finish()
        if let service = current.withLock({ $0 }) { await service.shutdown() }
    }
}
