import Closet
import Foundation
import Storage
import WardrobeTestKit

/// The child-process side of `TelegramBenchmark`: a fake Bot API with the updates queued.
/// Prints `READY <base URL> <token>`, then `DONE <seconds> <p50 ms> <p99 ms> <getUpdates calls>` once every update got a reply.
public enum TelegramBenchServer {
    /// Users are 10000, 10001, … one per chat.
    static let firstUserID: Int64 = 10_000

    /// Seeds the worker's database in `folder` (one generated closet per chat's user), then serves
    /// until every update is answered (or 10 minutes pass), printing the figures. Seeding here keeps
    /// the generation's memory out of the worker's peak RSS.
    public static func serve(updates: Int, chats: Int, closetSize: Int, folder: String) async throws {
        let store = try Store(dataDirectory: folder)
        let generator = ClosetGenerator(now: Date())
        for chat in 0..<chats {
            let user = try await store.user(transport: "telegram", externalID: String(firstUserID + Int64(chat)))
            _ = try await store.addItems(generator.closet(size: closetSize, seed: UInt64(chat)), userID: user.id)
        }
        store.close()
        let server = try FakeTelegramServer()
        var perChat: [Int64: [Int64]] = [:]
        for index in 0..<updates {
            let user = FakeUser(id: firstUserID + Int64(index % chats), firstName: "User\(index % chats)")
            let text = index % 2 == 0 ? "/help" : "/outfit business"
            perChat[user.id, default: []].append(server.sendText(text, from: user))
        }
        server.recordCalls(false)
        emit("READY \(server.baseURL) \(server.token)")
        _ = await server.wait(timeout: .seconds(600)) { $0.sentMessageCount >= updates }
        let sent = server.messages()
        let delivered = server.firstDeliveries
        let latencies = Self.latencies(sent: sent, delivered: delivered, perChat: perChat)
        let started = delivered.values.min() ?? Date()
        let finished = sent.map(\.at).max() ?? Date()
        emit(String(
            format: "DONE %.3f %.2f %.2f %d", finished.timeIntervalSince(started), percentile(latencies, 0.5), percentile(latencies, 0.99),
            server.getUpdatesCount))
        await server.shutdown()
    }

    /// Writes one line to standard output at once (unbuffered, so the parent sees it now).
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Each chat's k-th reply answers its k-th update (one reply per command).
    static func latencies(sent: [FakeSentMessage], delivered: [Int64: Date], perChat: [Int64: [Int64]]) -> [Double] {
        var replies: [Int64: [Date]] = [:]
        for message in sent { replies[message.chatID, default: []].append(message.at) }
        var result: [Double] = []
        for (chat, ids) in perChat {
            for (id, reply) in zip(ids, replies[chat] ?? []) {
                if let start = delivered[id] { result.append(reply.timeIntervalSince(start) * 1000) }
            }
        }
        return result.sorted()
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
