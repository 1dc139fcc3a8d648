import Dispatch
import Foundation
@testable import SQLite
import Testing

/// Writes waiting together share one commit, each in its own savepoint.
@Suite struct GroupCommitTests {
    struct Refused: Error {}

    /// A database file in a fresh folder, with a table `t (n)`.
    func makeQueue() throws -> (DatabaseQueue, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wd-group-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: "\(folder)/test.db")
        try queue.sync { db in
            try db.execute("CREATE TABLE t (n INTEGER NOT NULL)")
            _ = try db.query("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return (queue, folder)
    }

    /// Holds the database queue until `release` is signalled, so writes pile up behind it. It returns once the
    /// queue is held: a write queued before that would drain on its own, ahead of the hold, and never wait.
    func hold(_ queue: DatabaseQueue, until release: DispatchSemaphore) async {
        await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
            Task.detached {
                try await queue.run { _ in
                    held.resume()
                    release.wait()
                }
            }
        }
    }

    /// Yields until `condition` (the queue's count of waiting writes) holds, for up to 10 s: the writer tasks
    /// it waits for run between the yields; on two busy cores they can take over a second to all reach the
    /// queue (a fresh-clone run once failed when the bound was 1 s).
    func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { await Task.yield() }
        #expect(condition())
    }

    @Test func writesWaitingTogetherCommitOnceAndEachGetsItsOwnResult() async throws {
        let (queue, folder) = try makeQueue()
        defer { queue.close(); try? FileManager.default.removeItem(atPath: folder) }
        let release = DispatchSemaphore(value: 0)
        await hold(queue, until: release)
        let results = Task {
            try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
                for n in 0..<10 {
                    group.addTask {
                        do {
                            return (n, try await queue.write { db in
                                try db.query("INSERT INTO t VALUES (?)", [n])
                                if n % 3 == 0 { throw Refused() }
                                return n * 10
                            })
                        } catch is Refused {
                            return (n, nil)
                        }
                    }
                }
                return try await group.reduce(into: [Int: Int?]()) { $0[$1.0] = $1.1 }
            }
        }
        try await waitUntil { queue.waitingWrites == 10 }
        release.signal()
        let answered = try await results.value
        // Each caller got its own answer: the refused ones their error, the rest their value.
        for n in 0..<10 { #expect(answered[n] == (n % 3 == 0 ? nil : n * 10)) }
        let stored = try await queue.run { db in try db.query("SELECT n FROM t ORDER BY n") { $0.int(0) } }
        #expect(stored == [1, 2, 4, 5, 7, 8])
        // One commit: the table's single page reached the WAL once, not once per write.
        let frames = try await queue.run { db in try db.first("PRAGMA wal_checkpoint(PASSIVE)")?.int("log") }
        #expect(frames == 1)
    }

    @Test func aWriteAloneStillCommitsAtOnce() async throws {
        let (queue, folder) = try makeQueue()
        defer { queue.close(); try? FileManager.default.removeItem(atPath: folder) }
        for n in 0..<3 { try await queue.write { db in _ = try db.query("INSERT INTO t VALUES (?)", [n]) } }
        #expect(try await queue.run { db in try db.first("SELECT count(*) AS c FROM t")?.int("c") } == 3)
        #expect(try await queue.run { db in try db.first("PRAGMA wal_checkpoint(PASSIVE)")?.int("log") } == 3)
        await #expect(throws: Refused.self) { try await queue.write { _ in throw Refused() } }
        #expect(queue.waitingWrites == 0)
    }

    @Test func aGroupWhoseCommitFailsFailsEveryWriteInItAndLaterWritesStillWork() async throws {
        let (queue, folder) = try makeQueue()
        defer { queue.close(); try? FileManager.default.removeItem(atPath: folder) }
        // A deferred foreign key is checked only at COMMIT, so this write makes the whole group's commit fail.
        try queue.sync { db in
            try db.execute("""
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        let release = DispatchSemaphore(value: 0)
        await hold(queue, until: release)
        let good = Task { try await queue.write { db in _ = try db.query("INSERT INTO t VALUES (1)") } }
        let orphan = Task { try await queue.write { db in _ = try db.query("INSERT INTO child VALUES (42)") } }
        try await waitUntil { queue.waitingWrites == 2 }
        release.signal()
        await #expect(throws: SQLiteError.self) { try await good.value }
        await #expect(throws: SQLiteError.self) { try await orphan.value }
        #expect(try await queue.run { db in try db.query("SELECT n FROM t") { $0.int(0) } } == [])
        // The connection is back at the outermost level: later writes, alone or nested, commit.
        try await queue.write { db in
            _ = try db.query("INSERT INTO t VALUES (2)")
            try db.transaction { db in _ = try db.query("INSERT INTO t VALUES (3)") }
        }
        #expect(try await queue.run { db in try db.query("SELECT n FROM t ORDER BY n") { $0.int(0) } } == [2, 3])
        #expect(try await queue.run { db in db.isInTransaction } == false)
    }
}
