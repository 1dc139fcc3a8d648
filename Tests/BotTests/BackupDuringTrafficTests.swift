import Backup
import Chat
import Closet
import Foundation
import Sodium
import Storage
import Synchronization
import Testing

/// A backup taken while chats keep writing restores into a bot that answers exactly as the original did.
@Suite struct BackupDuringTrafficTests {
    /// Counts the writes the traffic finished and lets a thread wait for a number of them.
    final class WriteCounter: Sendable {
        private let condition = NSCondition()
        private let count = Mutex(0)
        private let stopped = Mutex(false)

        var value: Int { count.withLock { $0 } }
        var isStopped: Bool { stopped.withLock { $0 } }
        func stop() { stopped.withLock { $0 = true } }

        func increment() {
            condition.lock()
            count.withLock { $0 += 1 }
            condition.broadcast()
            condition.unlock()
        }

        /// Blocks the calling thread (never a task) until `target` writes are done.
        func wait(for target: Int) {
            condition.lock()
            while value < target { condition.wait() }
            condition.unlock()
        }
    }

    /// Runs the backup on its own thread, as the CLI process would, so blocking in its progress callback is safe.
    static func backupOnThread(
        _ configuration: BackupArchive.Configuration, to destination: String, key: BackupKey, progress: @escaping @Sendable (BackupArchive.Progress) -> Void
    ) async throws -> (path: String, manifest: BackupManifest) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try BackupArchive.create(configuration, to: destination, key: key, progress: progress) })
            }
            thread.start()
        }
    }

    @Test func aBackupTakenDuringABurstOfMessagesRestoresEveryItemLookAndPhotoAndTheSameOutfit() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot, user: "ana")
        try bot.keys.set("sk-test-operator-key-123456", for: "openrouter")
        try await Self.seedLooksAndPhotos(bot.store, user: "ana")

        let counter = WriteCounter()
        let traffic = Task {
            var index = 0
            while !counter.isStopped {
                let user = "burst\(index % 4)"
                await bot.say("/add burst piece number \(index) navy cotton shirt", user: user, chat: user)
                try await bot.press("Save", user: user, chat: user)
                counter.increment()
                index += 1
            }
        }
        // Writes before, and at least five more after the snapshot while the backup is still running.
        while counter.value < 5 { await Task.yield() }
        let archives = bot.folder + "-archives"
        try FileManager.default.createDirectory(atPath: archives, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: archives) }
        let atSnapshot = Mutex(0)
        let atStart = counter.value
        let (path, manifest) = try await Self.backupOnThread(.init(dataDirectory: bot.folder), to: archives, key: .masterKey(bot.masterKey)) { step in
            guard case .snapshotTaken = step else { return }
            let seen = counter.value
            atSnapshot.withLock { $0 = seen }
            counter.wait(for: seen + 5)
        }
        counter.stop()
        try await traffic.value
        let liveBurstItems = try await Self.burstItems(bot.store)
        #expect(counter.value >= atSnapshot.withLock { $0 } + 5)
        #expect(liveBurstItems.count > manifest.tableRows["items"]! - 14)

        let restoredFolder = bot.folder + "-restored"
        defer { try? FileManager.default.removeItem(atPath: restoredFolder) }
        _ = try BackupRestore.restore(path, into: restoredFolder, key: .masterKey(bot.masterKey), force: false)
        let restored = try BotHarness(folder: restoredFolder, masterKey: bot.masterKey)

        // Every restored burst item is exactly the live one; only writes after the snapshot are missing.
        let restoredBurstItems = try await Self.burstItems(restored.store)
        // The snapshot holds every write finished before the backup began, and none finished after it was taken.
        #expect(restoredBurstItems.count >= atStart)
        #expect(restoredBurstItems.count <= atSnapshot.withLock { $0 })
        #expect(restoredBurstItems.count < liveBurstItems.count)
        #expect(Array(liveBurstItems.prefix(restoredBurstItems.count)) == restoredBurstItems)

        let ana = try #require(try await bot.store.user(key: "console:ana"))
        let restoredAna = try #require(try await restored.store.user(key: "console:ana"))
        #expect(try await restored.store.items(userID: restoredAna.id) == (try await bot.store.items(userID: ana.id)))
        let liveLooks = try await bot.store.looks(userID: ana.id, limit: 100)
        #expect(liveLooks.count == 3)
        #expect(try await restored.store.looks(userID: restoredAna.id, limit: 100) == liveLooks)
        for look in liveLooks {
            for sha in [look.personSHA256, look.garmentSHA256, look.resultSHA256] {
                let bytes = try restored.store.imageBytes(userID: restoredAna.id, sha256: sha)
                #expect(SHA256.hash(bytes) == sha)
                #expect(bytes == (try bot.store.imageBytes(userID: ana.id, sha256: sha)))
            }
        }
        #expect(restored.keys.names() == bot.keys.names())

        await bot.say("/outfit business")
        await restored.say("/outfit business")
        #expect(bot.lastText.hasPrefix("Business Casual"))
        #expect(restored.lastText == bot.lastText)
    }

    /// Every item of the burst users, in insertion order.
    static func burstItems(_ store: Store) async throws -> [ClosetItem] {
        var items: [ClosetItem] = []
        for index in 0..<4 {
            guard let user = try await store.user(key: "console:burst\(index)") else { continue }
            items += try await store.items(userID: user.id)
        }
        return items.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// Three looks with their person, garment and result photos.
    static func seedLooksAndPhotos(_ store: Store, user: String) async throws {
        let record = try await store.user(transport: "console", externalID: user)
        let person = try await store.saveImage(Array(repeating: 7, count: 50_000), userID: record.id, mimeType: "image/jpeg", width: 600, height: 800)
        let garment = try await store.saveImage(Array(repeating: 9, count: 70_000), userID: record.id, mimeType: "image/jpeg", width: 500, height: 500)
        for index in 0..<3 {
            let result = try await store.saveImage(
                (0..<90_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 3)) }, userID: record.id, mimeType: "image/png", width: 300, height: 400)
            _ = try await store.addLook(LookRecord(
                userID: record.id, chatID: nil, personSHA256: person.sha256, garmentSHA256: garment.sha256, resultSHA256: result.sha256,
                prompt: "a prompt", service: "openrouter", model: "test-model", batchID: "batch-\(index)", variation: 1,
                startedAt: Date(timeIntervalSince1970: 1_800_000_000), durationMilliseconds: 1000))
        }
    }
}
