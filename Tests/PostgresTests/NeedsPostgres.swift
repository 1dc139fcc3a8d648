import PostgresTestKit
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only against the private cluster of `make test-postgres`; skipped, saying so, elsewhere.
    static var needsPostgres: Self { .enabled(if: TestDatabase.isConfigured, Comment(rawValue: TestDatabase.skipMessage)) }
}
