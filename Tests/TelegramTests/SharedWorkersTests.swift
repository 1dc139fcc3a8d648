import Foundation
import HTTP
import JSON
import Postgres
import PostgresTestKit
import Storage
import Telegram
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// Issue #16's scenario: three real `wardrobe run` workers share one PostgreSQL and the fake Bot
/// API, once polling and once as webhooks behind a balancer. A burst over many chats; `kill -9` of a
/// worker that is not the leader, later of the leader (the one polling and sending). Nothing is
/// lost, each kill repeats at most one reply, and every chat's replies come in the order of its messages.
@Suite(.serialized, .enabled(if: TestDatabase.isConfigured, Comment(rawValue: TestDatabase.skipMessage)))
struct SharedWorkersTests {
    static let commands = ["/help", "/closet", "/language", "/stats"]
    static let webhookSecret = "shared-Secret_7"

    @Test func pollingWorkersLoseNothingRepeatAtMostOneReplyPerKillAndKeepEachChatsOrder() async throws {
        try await scenario(webhook: false)
    }

    @Test func webhookWorkersBehindABalancerLoseNothingRepeatAtMostOneReplyPerKillAndKeepEachChatsOrder() async throws {
        try await scenario(webhook: true)
    }

    func scenario(webhook: Bool) async throws {
        let binary = try #require(ChildProcess.binary("wardrobe"), "build the wardrobe executable first (make test builds everything)")
        try await TestDatabase.with { database in
            let server = try FakeTelegramServer()
            let settings = webhook ? ["WARDROBE_TELEGRAM_MODE": "webhook", "WARDROBE_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1:0"] : [:]
            let cluster = try WorkerCluster(
                binary: binary, server: server, conninfo: database.conninfo, count: 3, settings: settings,
                secrets: webhook ? ["telegram.webhook.secret_token": Self.webhookSecret] : [:])
            let balancer = webhook ? Task { await Self.balance(server: server, cluster: cluster) } : nil
            defer {
                balancer?.cancel()
                cluster.stopAll()
                server.stop()
            }
            try cluster.startAll()
            let session = try await database.connect()
            defer { Task { await session.close() } }

            // The replies to one chat's commands, as the bot writes them, before any kill.
            let probe = FakeUser(id: 880_000, firstName: "Probe")
            for command in Self.commands { _ = server.sendText(command, from: probe) }
            #expect(await server.wait(timeout: .seconds(90)) { $0.messages(inChat: probe.id).count >= Self.commands.count })
            #expect(try await Self.drained(session))
            let expected = server.texts(inChat: probe.id)
            #expect(expected.count == Self.commands.count, "one reply per command: \(expected.map { $0.prefix(30) })")

            // make test runs 60 chats; WARDROBE_TEST_SHARED_CHATS=300 gives the issue's 3,000 updates.
            let chatCount = min(max(Int(ProcessInfo.processInfo.environment["WARDROBE_TEST_SHARED_CHATS"] ?? "") ?? 60, 1), 1000)
            let chats = (0..<chatCount).map { FakeUser(id: 881_000 + Int64($0), firstName: "C\($0)") }
            let perChat = 10
            for round in 0..<perChat {
                for user in chats { _ = server.sendText(Self.commands[round % Self.commands.count], from: user) }
            }
            let total = chats.count * perChat
            let counted: @Sendable (FakeTelegramServer) -> Int = { server in chats.reduce(0) { $0 + server.messages(inChat: $1.id).count } }
            #expect(await server.wait(timeout: .seconds(120)) { counted($0) >= total / 6 })
            let follower = try #require(cluster.followerIndex(), "no worker is a follower")
            await cluster.kill(follower)
            try cluster.start(follower)
            #expect(await server.wait(timeout: .seconds(120)) { counted($0) >= total / 2 })
            let leader = try #require(cluster.leaderIndex(), "no worker says it leads")
            await cluster.kill(leader)
            try cluster.start(leader)

            #expect(await server.wait(timeout: .seconds(240)) { counted($0) >= total })
            #expect(try await Self.drained(session, timeout: .seconds(120)))
            var lost = 0
            var repeats = 0
            var outOfOrder = 0
            for user in chats {
                let texts = server.texts(inChat: user.id)
                // A repeated reply follows its first copy: a chat's rows are sent one after another.
                var collapsed: [String] = []
                for text in texts where collapsed.last != text { collapsed.append(text) }
                let wanted = (0..<perChat).map { expected[$0 % expected.count] }
                repeats += texts.count - collapsed.count
                if collapsed.count < wanted.count { lost += wanted.count - collapsed.count }
                if collapsed != wanted { outOfOrder += 1 }
            }
            if lost > 0 || outOfOrder > 0 || repeats > 2 {
                print(cluster.logTails())
                for user in chats.prefix(8) {
                    let seen = server.texts(inChat: user.id).map { text in expected.firstIndex(of: text).map(String.init) ?? "?\(text.prefix(40))" }
                    print("chat \(user.id): \(seen)")
                }
            }
            print("shared workers (\(webhook ? "webhook" : "polling")): \(total) updates over \(chats.count) chats, 2 kills: lost \(lost), repeated \(repeats), chats out of order \(outOfOrder)")
            #expect(lost == 0)
            #expect(repeats <= 2)
            #expect(outOfOrder == 0)
        }
    }

    /// The load balancer in front of the webhook workers: each update the fake Bot API has goes to the
    /// next worker that answers 200 (Telegram retries a failed delivery, here on another worker).
    static func balance(server: FakeTelegramServer, cluster: WorkerCluster) async {
        let client = HTTPClient(configuration: .init(proxy: .none))
        var next = 0
        var waiting: [(id: Int64, body: JSON)] = []
        while !Task.isCancelled {
            if waiting.isEmpty {
                // Telegram posts an update as soon as it has one: wait for the fake to hold one.
                guard await server.wait(timeout: .seconds(1), until: { $0.unconfirmedCount > 0 }) else { continue }
            }
            waiting += server.takeForWebhook()
            guard !waiting.isEmpty else { continue }
            let update = waiting.removeFirst()
            var delivered = false
            for _ in 0..<(cluster.count * 2) where !delivered && !Task.isCancelled {
                next = (next + 1) % cluster.count
                guard let base = cluster.webhookAddress(next) else { continue }
                let request = HTTPRequest(
                    method: .post, url: base + "/telegram/webhook", headers: HTTPHeaders([(TelegramWebhook.secretHeader, webhookSecret)]),
                    body: .json(update.body.serialized()))
                delivered = (try? await client.send(request).status) == 200
            }
            if !delivered {
                waiting.insert(update, at: 0)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// True once no update waits in the shared inbox and no reply in the outbox.
    static func drained(_ session: PostgresSession, timeout: Duration = .seconds(60)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let rows = try await session.query("""
                SELECT (SELECT count(*) FROM inbox WHERE state = 'pending')::bigint AS inbox,
                       (SELECT count(*) FROM outbox WHERE state = 'pending')::bigint AS outbox
                """)
            if let row = rows.first, try row.int("inbox") == 0, try row.int("outbox") == 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
