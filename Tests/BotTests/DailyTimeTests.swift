@testable import Bot
import Chat
import Foundation
import Localization
import Schedule
import Testing

/// `/daily` reads the time of day as people write it in the five languages, and says why 25:00 is none.
@Suite struct DailyTimeTests {
    @Test(arguments: [
        ("07:30", "07:30"), ("7:30", "07:30"), ("07.30", "07:30"), ("7.30am", "07:30"), ("7pm", "19:00"), ("7 pm", "19:00"),
        ("7 p.m.", "19:00"), ("7:30PM", "19:30"), ("12am", "00:00"), ("12pm", "12:00"), ("12:15 a.m.", "00:15"), ("19h", "19:00"),
        ("19h30", "19:30"), ("19 h", "19:00"), ("19 h 30", "19:30"), ("7:30 Uhr", "07:30"), ("7 Uhr", "07:00"), ("19.30h", "19:30"),
        ("0730", "07:30"), ("7", "07:00"), ("19", "19:00"), ("um 7 Uhr", "07:00"), ("at 7am", "07:00"), ("à 19h", "19:00"),
        ("a las 7", "07:00"), ("alle 19.30", "19:30"), ("7 de la tarde", "19:00"), ("8 du matin", "08:00"), ("7 Uhr abends", "19:00"),
        ("19 Uhr abends", "19:00"), ("noon", "12:00"), ("mezzanotte", "00:00"),
    ])
    func theCommonWaysOfWritingATimeOfDayAreRead(_ written: String, _ time: String) {
        let words = written.split(separator: " ").map(String.init)
        #expect(TimeWords.read(words + ["weekdays"]) == .time(LocalTime(text: time)!, rest: ["weekdays"]), "\(written)")
    }

    @Test func theTimeMayFollowTheDaysOrTheOccasionAndOnlyItsWordsAreTakenOut() {
        #expect(TimeWords.read(["business", "at", "7pm"]) == .time(LocalTime(text: "19:00")!, rest: ["business"]))
        #expect(TimeWords.read(["weekdays", "7:30", "Uhr", "business"]) == .time(LocalTime(text: "07:30")!, rest: ["weekdays", "business"]))
        // A bare number after other words is not a time: "business 2" stays the occasion's words.
        #expect(TimeWords.read(["business", "2"]) == .none)
    }

    @Test(arguments: [("25:00", "25:00"), ("7:75", "7:75"), ("13pm", "13pm"), ("24:00", "24:00"), ("0 am", "0 am"), ("19 Uhr morgens", "19 Uhr morgens")])
    func numbersThatAreNoTimeOfDayAreNamed(_ written: String, _ named: String) {
        #expect(TimeWords.read(written.split(separator: " ").map(String.init)) == .outOfRange(named))
    }

    @Test(arguments: ["7:5", "seven", "7:305", "weekdays", "１９:００", "7.", "2x", ""])
    func wordsThatAreNoTimeAreNotReadAsOne(_ written: String) {
        #expect(TimeWords.read(written.split(separator: " ").map(String.init)) == .none)
    }

    @Test func dailyTakesTheseTimesAndRefusesImpossibleOnesSayingWhatToType() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        await harness.say("/daily 7pm", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 19:00 (UTC), every day, for smart casual. /daily off stops it.")
        await harness.say("/daily 7.30am weekdays business", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last == "Daily outfit at 07:30 (UTC), Monday to Friday, for business casual. /daily off stops it.")
        await harness.say("/daily 25:00", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last
            == "25:00 is no time of day: hours run 0–23 (1–12 with am/pm), minutes 00–59. E.g. /daily 07:30 or /daily 7pm.")
        await harness.say("/daily business", user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.readable.last?.hasPrefix("Give the time of day first, e.g. /daily 07:30, /daily 7pm") == true)
        await harness.say("/daily 19h30 semaine affaires", user: "léa", chat: "léa", kind: .privateChat, language: .fr)
        #expect(harness.transport.readable.last?.hasPrefix("Tenue du jour à 19:30 (UTC), du lundi au vendredi") == true)
        await harness.say("/daily 7:30 Uhr werktags", user: "jan", chat: "jan", kind: .privateChat, language: .de)
        #expect(harness.transport.readable.last?.contains("um 07:30 (UTC), montags bis freitags") == true)
        await harness.say("/daily 7:75", user: "jan", chat: "jan", kind: .privateChat, language: .de)
        #expect(harness.transport.readable.last?.hasPrefix("7:75 ist keine Uhrzeit") == true)
        await harness.say("/daily aus", user: "jan", chat: "jan", kind: .privateChat, language: .de)
        #expect(harness.transport.readable.last == Catalogs.builtIn.string("daily.stopped", in: .de))
    }
}
