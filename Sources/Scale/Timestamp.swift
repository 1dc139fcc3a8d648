import Foundation
import Postgres

/// Instants cross to the server as epoch seconds (`to_timestamp($n::float8)`) and come back as
/// `extract(epoch FROM column)::float8`, so lease arithmetic follows the injected clock.
enum Timestamp {
    /// The parameter value for `date`.
    static func parameter(_ date: Date) -> PostgresValue { .double(date.timeIntervalSince1970) }

    /// The instant in an epoch-seconds column.
    static func date(_ row: PostgresRow, _ column: String) throws(PostgresError) -> Date {
        Date(timeIntervalSince1970: try row.double(column))
    }
}
