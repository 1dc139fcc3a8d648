import Postgres
import PostgresTestKit
import Testing

@Suite struct PostgresChannelTests {
    @Test func aChannelNameIsLowercaseLettersDigitsAndUnderscores() throws {
        #expect(try PostgresChannel("wardrobe_inbox_2").name == "wardrobe_inbox_2")
        #expect(throws: PostgresError.self) { try PostgresChannel("Wardrobe") }
        #expect(throws: PostgresError.self) { try PostgresChannel("inbox; DROP TABLE inbox") }
        #expect(throws: PostgresError.self) { try PostgresChannel("") }
        #expect(throws: PostgresError.self) { try PostgresChannel(String(repeating: "a", count: 64)) }
    }
}

@Suite(.needsPostgres) struct NotificationTests {
    @Test func aNotificationReachesTheListenerOnlyWhenItsTransactionCommits() async throws {
        try await TestDatabase.with { database in
            let channel = try PostgresChannel("closet_changed")
            let listener = try await database.connect()
            let sender = try await database.connect()
            try await listener.listen(channel)
            #expect(try await listener.nextNotification(timeoutSeconds: 0) == nil)
            await #expect(throws: PostgresError.self) {
                try await sender.transaction { connection in
                    try connection.query("SELECT pg_notify('closet_changed', 'rolled back')")
                    try connection.execute("SELECT 1/0")
                }
            }
            try await sender.notify(channel, payload: "committed")
            let received = try await listener.nextNotification(timeoutSeconds: 10)
            #expect(received?.channel == "closet_changed")
            #expect(received?.payload == "committed")
            #expect(received?.senderProcessID == sender.processID)
            await listener.close()
            await sender.close()
        }
    }
}
