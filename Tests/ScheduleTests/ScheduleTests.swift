import Foundation
import Schedule
import Testing

/// An instant from an ISO 8601 text with offset, e.g. "2026-03-29T03:00:00+02:00".
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)!
}

let berlin = TimeZone(identifier: "Europe/Berlin")!
let newYork = TimeZone(identifier: "America/New_York")!

func rule(_ time: String, _ zone: TimeZone, weekdays: Bool = false, days: Weekdays? = nil) -> DailyRule {
    DailyRule(time: LocalTime(text: time)!, zone: zone, days: days ?? (weekdays ? .mondayToFriday : .everyDay))
}

@Suite struct ScheduleCalendarTests {
    @Test func localDatesRoundTripThroughTheirText() {
        for text in ["1970-01-01", "2000-02-29", "2026-03-29", "2026-12-31", "1969-12-31"] {
            #expect(LocalDate(text: text)?.description == text)
        }
        #expect(LocalDate(text: "2026-13-01") == nil)
        #expect(LocalDate(text: "yesterday") == nil)
        #expect(LocalDate(text: "2026-03-29")!.adding(days: 3).description == "2026-04-01")
    }

    @Test func weekdaysFollowTheCalendar() {
        #expect(LocalDate(text: "2026-03-30")!.weekday == 1)  // Monday
        #expect(LocalDate(text: "2026-03-28")!.weekday == 6)  // Saturday
        #expect(LocalDate(text: "2026-03-29")!.weekday == 7)  // Sunday
        #expect(LocalDate(text: "1970-01-01")!.weekday == 4)  // Thursday
    }

    @Test func localTimesParseOnlyRealClockTimes() {
        #expect(LocalTime(text: "07:30")?.description == "07:30")
        #expect(LocalTime(text: "7:05")?.description == "07:05")
        for bad in ["24:00", "12:60", "7", "7:5", "aa:bb", "07:30:00", ""] { #expect(LocalTime(text: bad) == nil, "\(bad)") }
    }

    @Test func aNormalDayFiresAtTheLocalTime() {
        let date = LocalDate(text: "2026-06-15")!
        #expect(ZonedTime.instant(of: LocalTime(text: "08:00")!, on: date, in: berlin) == instant("2026-06-15T08:00:00+02:00"))
        #expect(ZonedTime.instant(of: LocalTime(text: "08:00")!, on: date, in: newYork) == instant("2026-06-15T08:00:00-04:00"))
    }

    @Test func aTimeInTheSpringForwardGapFiresWhenTheClocksJump() {
        // Berlin: 2026-03-29 02:00 CET jumps to 03:00 CEST; New York: 2026-03-08 02:00 EST → 03:00 EDT.
        #expect(rule("02:30", berlin).fireInstant(on: LocalDate(text: "2026-03-29")!) == instant("2026-03-29T03:00:00+02:00"))
        #expect(rule("02:30", newYork).fireInstant(on: LocalDate(text: "2026-03-08")!) == instant("2026-03-08T03:00:00-04:00"))
        // Times outside the gap are untouched on that day.
        #expect(rule("03:30", berlin).fireInstant(on: LocalDate(text: "2026-03-29")!) == instant("2026-03-29T03:30:00+02:00"))
        #expect(rule("01:59", berlin).fireInstant(on: LocalDate(text: "2026-03-29")!) == instant("2026-03-29T01:59:00+01:00"))
    }

    @Test func aRepeatedFallBackTimeFiresAtItsFirstOccurrence() {
        // New York: 2026-11-01 02:00 EDT falls back to 01:00 EST; Berlin: 2026-10-25 03:00 CEST → 02:00 CET.
        #expect(rule("01:30", newYork).fireInstant(on: LocalDate(text: "2026-11-01")!) == instant("2026-11-01T01:30:00-04:00"))
        #expect(rule("02:30", berlin).fireInstant(on: LocalDate(text: "2026-10-25")!) == instant("2026-10-25T02:30:00+02:00"))
    }
}

@Suite struct SchedulePlannerTests {
    let planner = DailyPlanner(catchUp: 2 * 3600)

    @Test func nothingIsDueBeforeTheTimeAndTheNextFireIsToday() {
        let decision = planner.decision(for: rule("08:00", berlin), lastSent: nil, now: instant("2026-06-15T07:59:00+02:00"))
        #expect(decision == .wait(until: instant("2026-06-15T08:00:00+02:00")))
    }

    @Test func theTimeItselfIsDueAndOnceSentTheNextFireIsTomorrow() {
        let now = instant("2026-06-15T08:00:00+02:00")
        #expect(planner.decision(for: rule("08:00", berlin), lastSent: nil, now: now) == .send(LocalDate(text: "2026-06-15")!))
        let after = planner.decision(for: rule("08:00", berlin), lastSent: LocalDate(text: "2026-06-15"), now: now)
        #expect(after == .wait(until: instant("2026-06-16T08:00:00+02:00")))
    }

    @Test func springForwardFiresOnceAtThreeOClock() {
        let r = rule("02:30", berlin)
        let before = planner.decision(for: r, lastSent: LocalDate(text: "2026-03-28"), now: instant("2026-03-29T01:59:00+01:00"))
        #expect(before == .wait(until: instant("2026-03-29T03:00:00+02:00")))
        #expect(planner.decision(for: r, lastSent: LocalDate(text: "2026-03-28"), now: instant("2026-03-29T03:00:00+02:00"))
            == .send(LocalDate(text: "2026-03-29")!))
        let sent = planner.decision(for: r, lastSent: LocalDate(text: "2026-03-29"), now: instant("2026-03-29T03:30:00+02:00"))
        #expect(sent == .wait(until: instant("2026-03-30T02:30:00+02:00")))
    }

    @Test func fallBackFiresOnceAlthoughTheTimeHappensTwice() {
        let r = rule("01:30", newYork)
        let first = instant("2026-11-01T01:30:00-04:00")
        #expect(planner.decision(for: r, lastSent: LocalDate(text: "2026-10-31"), now: first) == .send(LocalDate(text: "2026-11-01")!))
        // An hour later the wall clock reads 01:30 again (EST): nothing is due, the next fire is tomorrow.
        let second = instant("2026-11-01T01:30:00-05:00")
        #expect(planner.decision(for: r, lastSent: LocalDate(text: "2026-11-01"), now: second)
            == .wait(until: instant("2026-11-02T01:30:00-05:00")))
    }

    @Test func downtimeWithinTheCatchUpWindowStillSendsAndBeyondItSkipsTheDay() {
        let r = rule("08:00", berlin)
        let yesterday = LocalDate(text: "2026-06-14")
        #expect(planner.decision(for: r, lastSent: yesterday, now: instant("2026-06-15T09:59:00+02:00")) == .send(LocalDate(text: "2026-06-15")!))
        #expect(planner.decision(for: r, lastSent: yesterday, now: instant("2026-06-15T10:00:00+02:00")) == .send(LocalDate(text: "2026-06-15")!))
        #expect(planner.decision(for: r, lastSent: yesterday, now: instant("2026-06-15T10:00:01+02:00"))
            == .wait(until: instant("2026-06-16T08:00:00+02:00")))
    }

    @Test func aLateEveningTimeMissedAcrossMidnightIsCaughtUpForItsOwnDate() {
        let r = rule("23:30", berlin)
        let decision = planner.decision(for: r, lastSent: LocalDate(text: "2026-06-14"), now: instant("2026-06-16T00:30:00+02:00"))
        #expect(decision == .send(LocalDate(text: "2026-06-15")!))
    }

    @Test func weekdaysOnlySkipsTheWeekend() {
        let r = rule("08:00", berlin, weekdays: true)
        // Friday 2026-06-19 sent; Saturday morning nothing is due and the next fire is Monday.
        let saturday = planner.decision(for: r, lastSent: LocalDate(text: "2026-06-19"), now: instant("2026-06-20T08:00:00+02:00"))
        #expect(saturday == .wait(until: instant("2026-06-22T08:00:00+02:00")))
        #expect(planner.decision(for: r, lastSent: LocalDate(text: "2026-06-19"), now: instant("2026-06-22T08:00:00+02:00"))
            == .send(LocalDate(text: "2026-06-22")!))
    }

    @Test func chosenDaysFireOnThoseDaysOnlyAndTheNextFireSkipsTheRest() {
        // Monday, Wednesday and Friday: sent on Monday 2026-06-22, nothing Tuesday, next Wednesday.
        let r = rule("07:30", berlin, days: Weekdays(days: [1, 3, 5]))
        let tuesday = planner.decision(for: r, lastSent: LocalDate(text: "2026-06-22"), now: instant("2026-06-23T07:30:00+02:00"))
        #expect(tuesday == .wait(until: instant("2026-06-24T07:30:00+02:00")))
        // The weekend alone: after Sunday's, the next is Saturday, six days on.
        let weekend = rule("09:00", berlin, days: .weekend)
        #expect(planner.nextFire(for: weekend, lastSent: LocalDate(text: "2026-06-21"), after: instant("2026-06-21T09:00:00+02:00"))
            == instant("2026-06-27T09:00:00+02:00"))
    }

    @Test func aDaySetIsNeverEmptyAndIgnoresStrayDays() {
        #expect(Weekdays(mask: 0) == .everyDay)
        #expect(Weekdays(mask: 500) == .everyDay)
        #expect(Weekdays(days: [6, 7, 9, 0]) == .weekend)
        #expect(Weekdays.mondayToFriday.days == [1, 2, 3, 4, 5])
        #expect(!Weekdays.weekend.contains(8))
    }

    @Test func thePacerStartsAtMostItsRateInEachSecond() {
        let pacer = SendPacer(perSecond: 25)
        let start = Date(timeIntervalSince1970: 0)
        #expect(pacer.slot(0, start: start) == start)
        #expect(pacer.slot(24, start: start) == start)
        #expect(pacer.slot(25, start: start) == start.addingTimeInterval(1))
        #expect(pacer.slot(4_999, start: start) == start.addingTimeInterval(199))
    }
}
