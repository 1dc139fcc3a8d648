import Foundation
import Postgres
import PostgresTestKit
import Scale
import Support
import Testing

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

/// Waits, with a bound, until `condition` holds; for state another task changes.
func waitUntil(_ what: String, seconds: Double = 5, _ condition: @escaping @Sendable () async throws -> Bool) async throws {
    try await withDeadline(seconds: seconds, what) {
        while try await !condition() {
            try Task.checkCancellation()
            // A short pause rather than Task.yield: a spin on the two cooperative threads of a 2-core
            // machine could starve the very task it waits for (a fresh-clone run once timed out waiting
            // for the first candidate of LeaderElectionTests to lead).
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Events from concurrent tasks, in the order they happened.
actor EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) { events.append(event) }

    func contains(_ event: String) -> Bool { events.contains(event) }
}
