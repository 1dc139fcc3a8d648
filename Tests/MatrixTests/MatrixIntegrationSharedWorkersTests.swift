import Foundation
import HTTP
import Images
import JSON
import Secrets
import Testing

/// Two real `wardrobe run` workers share one PostgreSQL and one Matrix account: one is elected and
/// syncs; both handle the rooms' events from the shared inbox; when the elected one is killed mid-burst
/// the other takes the account over, with its sync position and device, and nothing is lost or repeated.
/// An extension of the serialized suite: the account is the one the other tests use.
extension MatrixIntegrationTests {
    /// A worker's data folder and key file, sharing `conninfo` and the master key with the others.
    func prepareWorker(_ folder: String, conninfo: String, masterKey: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config: JSON = [
            "data_directory": .string(folder), "shutdown_grace_seconds": 2, "telegram": ["enabled": false],
            // One room at a time per worker, so the rooms spread over both workers.
            "storage": ["backend": "postgres", "postgres": ["election_retry_seconds": 0.2, "lease_seconds": 5, "claims_in_flight": 1]],
            "matrix": ["homeserver_url": .string(environment.homeserver), "user_id": .string(environment.bot),
                       "invite_allowlist": [.string(environment.ana)], "sync_timeout_ms": 5000],
        ]
        try config.serialized(pretty: true).write(toFile: "\(folder)/wardrobe.json", atomically: true, encoding: .utf8)
        let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY": masterKey], dataDirectory: folder))
        try keys.set(environment.botPassword, for: SecretName.matrixPassword)
        try keys.set(conninfo, for: SecretName.postgresConninfo)
    }

    /// How many terms the worker in `folder` has been elected for Matrix, from its log.
    static func matrixTerms(_ folder: String) -> Int {
        log(folder).components(separatedBy: "elected to serve this Matrix account").count - 1
    }

    /// How many Matrix events the worker in `folder` handled from the shared inbox, from its log.
    static func handledEvents(_ folder: String) -> Int {
        log(folder).components(separatedBy: "matrix event handled").count - 1
    }

    /// When the worker in `folder` was last elected for Matrix, from its log's `ts=`.
    static func electedAt(_ folder: String) -> Date? {
        guard let line = log(folder).split(separator: "\n").last(where: { $0.contains("elected to serve this Matrix account") }),
            let stamp = line.split(separator: " ").first(where: { $0.hasPrefix("ts=") })?.dropFirst(3)
        else { return nil }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.date(from: String(stamp))
    }

    static func log(_ folder: String) -> String {
        (try? String(contentsOfFile: "\(folder)/run.log", encoding: .utf8)) ?? ""
    }

    @Test func twoWorkersOnPostgreSQLBothHandleTheRoomsAndTheStandbyTakesOverWhenTheLeaderIsKilled() async throws {
        let conninfo = try #require(ProcessInfo.processInfo.environment["MATRIX_IT_POSTGRES"], "Tests/matrix/run.sh starts a PostgreSQL cluster")
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the executable first: swift build --product wardrobe")
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-shared-\(UUID())").path
        defer { if ProcessInfo.processInfo.environment["MATRIX_IT_KEEP"] == nil { try? FileManager.default.removeItem(atPath: base) } }
        // One master key per homeserver run (the bot's password is random per run): the cluster keeps the
        // device's encryption state from an earlier run of this test, pickled under that key.
        let masterKey = Data(Array(environment.botPassword.utf8).prefix(32)).base64EncodedString()
        try #require(Data(base64Encoded: masterKey)?.count == 32)
        let folders = ["\(base)/w1", "\(base)/w2"]
        for folder in folders { try prepareWorker(folder, conninfo: conninfo, masterKey: masterKey) }

        let http = HTTPClient()
        let ana = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.ana, password: environment.anaPassword)
        let bob = try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.bob, password: environment.bobPassword)
        var workers = try folders.map { try startWardrobe($0, masterKey: masterKey) }
        defer { for worker in workers where worker.isRunning { worker.terminate(); worker.waitUntilExit() } }

        // Group rooms: the bot's answers there are replies to the message they answer.
        var rooms: [String] = []
        for number in 1...3 {
            let room = try await ana.createRoom(inviting: [environment.bot, environment.bob], name: "shared workers \(number)")
            try await bob.join(room)
            _ = try await ana.waitFor(room, seconds: 40) { events in
                events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil
            }
            rooms.append(room)
        }
        var sent: [String: [String]] = [:]
        var photos: [String] = []
        // Round 2 is a photo in each room: the worker handling it downloads it with the elected worker's shared token.
        let photo = try SyntheticPhoto.generate(width: 400, height: 500, format: .jpeg, seed: 31)
        func send(round: Int) async throws {
            for room in rooms {
                if round == 2 {
                    let id = try await ana.sendImage(room, bytes: photo, mimeType: "image/jpeg", fileName: "shirt.jpg")
                    photos.append(id)
                    sent[room, default: []].append(id)
                } else {
                    sent[room, default: []].append(try await (round % 2 == 0 ? bob : ana).say(room, round % 3 == 0 ? "/start" : "/help"))
                }
            }
        }
        func answered(_ room: String) async throws {
            let ids = sent[room] ?? []
            _ = try await ana.waitFor(room, seconds: 90) { events in
                ids.allSatisfy { id in events.contains { $0.sender == environment.bot && $0.replyTarget == id } } ? true : nil
            }
        }
        // Before any kill: four messages per room, answered by both workers.
        for round in 1...4 { try await send(round: round) }
        for room in rooms { try await answered(room) }
        let terms = folders.map(Self.matrixTerms)
        #expect(terms.sorted() == [0, 1], "Matrix terms per worker: \(terms)")
        let leader = try #require(terms.firstIndex(of: 1))
        let standby = 1 - leader
        // Each photo was loaded and read: the bot asks what it shows.
        for room in rooms {
            let events = try await ana.timeline(room, limit: 100)
            for id in photos where events.contains(where: { $0["event_id"]?.string == id }) {
                let answer = events.first { $0.sender == environment.bot && $0.replyTarget == id }?.body ?? ""
                #expect(answer.contains("Is this photo of you"), "the photo \(id) was answered with: \(answer)")
            }
        }
        let photoWorkers = photos.map { id in
            folders.map { Self.log($0).split(separator: "\n").contains { $0.contains("matrix event handled") && $0.hasSuffix("update=\(id)") } }
        }
        print("matrix on PostgreSQL: photos handled by the elected worker \(photoWorkers.filter { $0[leader] }.count), by the other \(photoWorkers.filter { $0[standby] }.count)")
        let before = folders.map(Self.handledEvents)
        print("matrix on PostgreSQL: before the kill the elected worker handled \(before[leader]) events, the other \(before[standby])")
        #expect(before.allSatisfy { $0 > 0 }, "events handled per worker: \(before)")

        // Mid-burst: the elected worker is killed after the first of four more rounds.
        try await send(round: 5)
        kill(workers[leader].processIdentifier, SIGKILL)
        workers[leader].waitUntilExit()
        let killed = Date()
        for round in 6...8 { try await send(round: round) }
        try await answered(rooms[0])
        print("matrix on PostgreSQL: the first room was answered in full \(String(format: "%.1f", Date().timeIntervalSince(killed))) s after the leader was killed")
        for room in rooms.dropFirst() { try await answered(room) }
        #expect(Self.matrixTerms(folders[standby]) == 1)
        if let elected = Self.electedAt(folders[standby]) {
            print("matrix on PostgreSQL: the standby was elected \(String(format: "%.2f", elected.timeIntervalSince(killed))) s after the leader was killed")
        }

        for room in rooms {
            let marker = try await settle(room, as: ana)
            let ids = (sent[room] ?? []) + [marker]
            let events = try await ana.timeline(room, limit: 300)
            for id in ids {
                let count = events.filter { $0.sender == environment.bot && $0.replyTarget == id }.count
                #expect(count == 1, "message \(id) got \(count) replies")
            }
            // The room's replies come in the order of its messages.
            let order = events.filter { $0.sender == environment.bot }.compactMap(\.replyTarget).filter(ids.contains)
            #expect(order == ids, "replies in \(room) out of order")
        }
        let after = folders.map(Self.handledEvents)
        print("matrix on PostgreSQL: events handled per worker in all: elected \(after[leader]), other \(after[standby])")
        // The standby logged in to the leader's device, so the account did not grow a device per worker.
        #expect(!Self.log(folders[standby]).contains("created the matrix encryption device"), "the standby made its own encryption device")
        workers[standby].terminate()
        workers[standby].waitUntilExit()
        workers = []
    }
}
