import Foundation
import Postgres
import PostgresTestKit
import Scale
import Support
import Testing
import WardrobeTestKit

extension Trait where Self == ConditionTrait {
    /// Runs the test only against the private cluster of `make test-postgres`; skipped, saying so, elsewhere.
    static var needsPostgres: Self { .enabled(if: TestDatabase.isConfigured, Comment(rawValue: TestDatabase.skipMessage)) }
}

/// A migrated test database and helpers shared by the scale-out suites.
enum ScaleFixture {
    /// Creates a database at the latest schema, runs `body`, drops it.
    static func with<T: Sendable>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            try await Migrator().migrate(session)
            await session.close()
            return try await body(database)
        }
    }

    /// One inbox entry of `chat` numbered `sequence`, whose payload carries both.
    static func entry(chat: String, sequence: Int) throws -> InboxEntry {
        try InboxEntry(externalID: "\(chat)/\(sequence)", chatKey: chat, payload: #"{"chat": "\#(chat)", "sequence": \#(sequence)}"#)
    }

    /// The sequence number of an entry made by `entry(chat:sequence:)`.
    static func sequence(of message: InboxMessage) throws -> Int {
        try #require(Int(message.externalID.split(separator: "/").last ?? ""))
    }

    static let logger = Logger(label: "scale-test", level: .warning)
}

/// Waits, with a bound, until `condition` holds; for state only a query can tell (a lease another worker
/// may take, a lock the server frees), each try a round trip. Events a test task records go through
/// `EventLog.waitFor`, and sleeps on a manual clock through `ManualClock.waitForSleepers`, which are woken
/// by the event itself. Every bound here (30 s) only decides how soon a broken test fails; a passing one
/// returns as soon as its event happens, however loaded the machine.
func waitUntil(_ what: String, seconds: Double = 30, _ condition: @escaping @Sendable () async throws -> Bool) async throws {
    try await withDeadline(seconds: seconds, what) {
        while try await !condition() {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}

/// Waits, with a bound, until `clock` has a sleeper (the task under test went to sleep on it).
func waitForSleeper(_ what: String, on clock: ManualClock, seconds: Double = 30) async throws {
    let slept = await clock.waitForSleepers(1, timeout: .milliseconds(Int64(seconds * 1000)))
    try #require(slept, "timed out waiting for \(what)")
}

/// Events from concurrent tasks, in the order they happened.
actor EventLog {
    private(set) var events: [String] = []
    private var waiters: [(id: Int, event: String, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0

    func record(_ event: String) {
        events.append(event)
        let woken = waiters.filter { $0.event == event }
        waiters.removeAll { $0.event == event }
        for waiter in woken { waiter.continuation.resume() }
    }

    func contains(_ event: String) -> Bool { events.contains(event) }

    /// Returns once `event` is recorded (at once if it already was); throws when cancelled.
    func waitFor(_ event: String) async throws {
        if events.contains(event) { return }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append((id, event, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Waits, with a bound, until `event` is recorded.
    func waitFor(_ event: String, _ what: String, seconds: Double = 30) async throws {
        try await withDeadline(seconds: seconds, what) { try await self.waitFor(event) }
    }
}
