import Foundation
import Images
import Postgres
import PostgresTestKit
import Scale
import Storage
import Schedule
import Testing
import WardrobeTestKit

/// Issue #16's jobs and schedules across real `wardrobe run` workers on one PostgreSQL: try-ons from
/// several chats, one of them on a worker killed mid-generation, each delivered once; and the daily
/// outfit sent once per chat and local day by three workers that all find it due at once.
@Suite(.serialized, .enabled(if: TestDatabase.isConfigured, Comment(rawValue: TestDatabase.skipMessage)))
struct SharedJobsAndDailyTests {
    @Test func tryOnsFromSeveralChatsAreDeliveredOnceAndAKilledWorkersJobIsFinishedByAnother() async throws {
        let binary = try #require(ChildProcess.binary("wardrobe"), "build the wardrobe executable first (make test builds everything)")
        try await TestDatabase.with { database in
            let server = try FakeTelegramServer()
            let ai = try FakeOpenRouter()
            // The first generation hangs until its worker is killed; the rest answer at once. It hangs longer
            // than the wait for the other five below (90 s, which a loaded machine has needed more than 60 s of)
            // and less than the provider timeout (180 s); the kill closes the connection, which ends the hang.
            ai.enqueue(.slow(seconds: 150))
            let cluster = try WorkerCluster(
                binary: binary, server: server, conninfo: database.conninfo, count: 3,
                settings: [
                    "WARDROBE_TRYON_OPENROUTER_BASE_URL": ai.baseURL, "WARDROBE_TRYON_ALLOW_PRIVATE_RESULT_HOSTS": "true",
                    "WARDROBE_TRYON_GLOBAL_CONCURRENCY": "8", "WARDROBE_TRYON_DAILY_QUOTA": "0",
                    "WARDROBE_STORAGE_POSTGRES_JOB_LEASE_SECONDS": "10",
                ],
                secrets: ["openrouter": ai.key])
            defer {
                cluster.stopAll()
                ai.stop()
                server.stop()
            }
            try cluster.startAll()
            let session = try await database.connect()
            defer { Task { await session.close() } }

            let chats = (0..<6).map { FakeUser(id: 882_000 + Int64($0), firstName: "T\($0)") }
            for (index, user) in chats.enumerated() {
                let selfie = try SyntheticPhoto.generate(width: 640, height: 480, format: .jpeg, seed: 10 + index)
                let garment = try SyntheticPhoto.generate(width: 640, height: 480, format: .jpeg, seed: 40 + index)
                // An album, as a phone sends a selfie and a garment: the worker that claims its first part keeps
                // the chat for the second, so the pair is never split over two workers.
                server.sendAlbum([selfie, garment], from: user)
            }
            let looks: @Sendable (FakeTelegramServer, FakeUser) -> Int = { server, user in
                server.messages(inChat: user.id).filter { $0.kind == "photo" }.count
            }
            let delivered: @Sendable (FakeTelegramServer) -> Int = { server in chats.filter { looks(server, $0) > 0 }.count }
            // Five looks arrive while the sixth job hangs at the fake on its worker.
            let fiveDone = await server.wait(timeout: .seconds(90)) { delivered($0) >= chats.count - 1 }
            #expect(fiveDone, "\(cluster.logTails())")
            let running = try await Self.runningOwners(session)
            #expect(running.count == 1, "only the hanging job runs: \(running)")
            let hung = try #require(running.first, "the hanging job is running")
            // A worker is named `host:pid:random`.
            let parts = hung.split(separator: ":")
            let pid = try #require(parts.count >= 3 ? Int32(parts[parts.count - 2]) : nil, "worker id \(hung)")
            let victim = try #require(cluster.index(ofProcess: pid), "no worker has pid \(pid)")
            await cluster.kill(victim)

            // After the job's lease (10 s: a loaded machine may renew a second or more late) another worker takes it back, runs it again and delivers it.
            let allDone = await server.wait(timeout: .seconds(60)) { delivered($0) >= chats.count }
            #expect(allDone, "\(cluster.logTails())")
            #expect(try await SharedWorkersTests.drained(session))
            let rows = try await session.query("SELECT state, delivered, payload FROM user_job ORDER BY id")
            #expect(rows.count == chats.count)
            #expect(try rows.allSatisfy { try $0.string("state") == "done" && $0.bool("delivered") })
            #expect(try rows.filter { try $0.string("payload").contains("\"restarts\":1") }.count == 1, "one job was taken back once")
            // One look per chat (its caption names it); the killed worker may also have been the elected
            // sender, and a kill repeats at most the send it had in flight (docs/telegram.md).
            for user in chats {
                let captions = Set(server.messages(inChat: user.id).filter { $0.kind == "photo" }.map(\.text))
                #expect(captions.count == 1, "chat \(user.id) gets one look: \(captions)")
            }
            let repeated = chats.reduce(0) { $0 + max(0, looks(server, $1) - 1) }
            #expect(repeated <= 1, "\(repeated) looks sent twice")
            #expect(ai.requests.count == chats.count + 1, "the killed worker's generation ran once more elsewhere")
            let savers = (0..<cluster.count).filter { index in
                ((try? String(contentsOfFile: cluster.log(index), encoding: .utf8)) ?? "").contains("looks saved")
            }
            print("shared try-ons: \(chats.count) chats on 3 workers, worker \(victim) killed mid-generation; generations \(ai.requests.count); looks saved by workers \(savers)")
        }
    }

    @Test func threeWorkersThatFindTheSameDailyOutfitsDueSendEachOnce() async throws {
        let binary = try #require(ChildProcess.binary("wardrobe"), "build the wardrobe executable first (make test builds everything)")
        try await TestDatabase.with { database in
            let server = try FakeTelegramServer()
            let cluster = try WorkerCluster(binary: binary, server: server, conninfo: database.conninfo, count: 3)
            defer {
                cluster.stopAll()
                server.stop()
            }
            let session = try await database.connect()
            defer { Task { await session.close() } }
            // The subscriptions exist before the workers start, each due a minute ago (UTC, the default zone):
            // every worker's first pass at start finds them all due at once.
            try await Migrator().migrate(session)
            let store = PostgresStore(session: session)
            let due = Date().addingTimeInterval(-60)
            let time = ZonedTimeText.hourMinute(due)
            let chats = (0..<8).map { FakeUser(id: 883_000 + Int64($0), firstName: "D\($0)") }
            for user in chats {
                let (person, chat) = try await store.participants(
                    transport: "telegram", userID: String(user.id), displayName: user.firstName, chatID: String(user.id), kind: .privateChat,
                    title: nil, recordActivity: false, now: Date())
                _ = try await store.saveSchedule(chatID: chat.id, userID: person.id, localTime: time, occasion: "casual", days: .everyDay, now: Date())
            }
            try cluster.startAll()
            let sent = await server.wait(timeout: .seconds(60)) { server in chats.allSatisfy { !server.messages(inChat: $0.id).isEmpty } }
            #expect(sent, "\(cluster.logTails())")
            let claimed = try await session.query("SELECT count(*)::bigint AS n FROM schedule_send").first?.int("n")
            #expect(claimed == Int64(chats.count), "one send claimed per chat and day")
            #expect(try await SharedWorkersTests.drained(session))
            for user in chats {
                let texts = server.texts(inChat: user.id)
                #expect(texts.count == 1, "chat \(user.id): \(texts.map { $0.prefix(40) })")
                #expect(texts.first?.contains("daily") == true, "chat \(user.id) gets its daily outfit: \(texts.first ?? "")")
            }
            let started = (0..<cluster.count).filter { index in
                ((try? String(contentsOfFile: cluster.log(index), encoding: .utf8)) ?? "").contains("storage on PostgreSQL")
            }
            #expect(started.count == 3, "all three workers ran")
        }
    }

    /// The owners of the try-on jobs running now.
    static func runningOwners(_ session: PostgresSession) async throws -> [String] {
        try await session.query("SELECT owner FROM user_job WHERE state = 'running' AND owner IS NOT NULL ORDER BY id").map { try $0.string("owner") }
    }
}

/// `HH:MM` of an instant in UTC, as `/daily` takes it.
enum ZonedTimeText {
    /// `HH:MM` of `date`'s time of day in UTC.
    static func hourMinute(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    }
}
