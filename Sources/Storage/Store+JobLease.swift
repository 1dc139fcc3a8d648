import Foundation
import SQLite

extension Store {
    /// `JobStore.renewJobLease`: one process owns every job on SQLite, so there is no lease to
    /// extend; true while the job is still running (false once it was cancelled, so the work stops).
    public func renewJobLease(id: Int64, now: Date) async throws -> Bool {
        try await database.run { db in
            try db.first("SELECT state FROM jobs WHERE id = ?", [id])?.string("state") == JobState.running.rawValue
        }
    }
}
