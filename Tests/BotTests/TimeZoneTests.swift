@testable import Bot
import Chat
import Foundation
import Testing

/// `/timezone` takes a zone as people type it: any case, a city alone, a city in their own language.
@Suite struct TimeZoneTests {
    @Test(arguments: [
        ("europe/berlin", "Europe/Berlin"), ("EUROPE/BERLIN", "Europe/Berlin"), ("Berlin", "Europe/Berlin"), ("new york", "America/New_York"),
        ("New-York", "America/New_York"), ("America/New York", "America/New_York"), ("São Paulo", "America/Sao_Paulo"),
        ("sao paulo", "America/Sao_Paulo"), ("port au prince", "America/Port-au-Prince"), ("Buenos Aires", "America/Argentina/Buenos_Aires"),
        ("Zürich", "Europe/Zurich"), ("Wien", "Europe/Vienna"), ("Londres", "Europe/London"), ("Nueva York", "America/New_York"),
        ("Parigi", "Europe/Paris"), ("Roma", "Europe/Rome"), ("Kolkata", "Asia/Kolkata"), ("utc", "UTC"), ("US/Eastern", "US/Eastern"),
        ("St. John's", "America/St_Johns"),
    ])
    func aZoneIsFoundByItsNameInAnyCaseOrByItsCity(_ typed: String, _ identifier: String) {
        #expect(ZoneNames.shared.lookup(typed) == .zone(identifier), "\(typed)")
    }

    @Test func aNearMissGetsTheClosestNamesAndNonsenseGetsNone() {
        #expect(ZoneNames.shared.lookup("Berln") == .suggestions(["Europe/Berlin"]))
        #expect(ZoneNames.shared.lookup("Europe/Berln") == .suggestions(["Europe/Berlin"]))
        #expect(ZoneNames.shared.lookup("newyork") == .suggestions(["America/New_York"]))
        guard case .suggestions(let some) = ZoneNames.shared.lookup("Pari") else {
            Issue.record("Pari is no zone")
            return
        }
        #expect(some.contains("Europe/Paris") && some.count <= ZoneNames.maximumSuggestions)
        for nonsense in ["Mars/Olympus_Mons", "xy", "", String(repeating: "a", count: 500), "Frankfurt am Main"] {
            #expect(ZoneNames.shared.lookup(nonsense) == .suggestions([]), "\(nonsense)")
        }
    }

    @Test func timezoneSetsACityAndOffersTheClosestNamesAsButtons() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        await harness.say("/timezone berlin", user: "ana")
        #expect(harness.transport.readable.last == "This chat's time zone is now Europe/Berlin.")
        await harness.say("/timezone Nueva York", user: "ana", language: .es)
        #expect(harness.transport.readable.last == "La zona horaria de este chat ahora es America/New_York.")
        await harness.say("/timezone Lisbn", user: "ana")
        #expect(harness.transport.readable.last == "I don't know the time zone Lisbn. Did you mean one of these?")
        #expect(harness.transport.lastButtons.map(\.title) == ["Europe/Lisbon"])
        try await harness.press("Europe/Lisbon", user: "ana")
        #expect(harness.transport.readable.last == "This chat's time zone is now Europe/Lisbon.")
        let chat = try await harness.store.chat(transport: "telegram", externalID: VotingHarness.group, kind: .group)
        #expect(chat.settings["timezone"]?.string == "Europe/Lisbon")
    }
}
