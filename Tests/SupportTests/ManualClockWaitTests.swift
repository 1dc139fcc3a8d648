import Foundation
import Testing
import WardrobeTestKit

@Suite struct ManualClockWaitTests {
    @Test func aWaitForSleepersEndsWhenTheTaskSleepsAndGivesUpAfterItsTimeout() async throws {
        let clock = ManualClock()
        // Nobody sleeps: the wait gives up after its (short) bound.
        #expect(await !clock.waitForSleepers(1, timeout: .milliseconds(50)))
        let sleeping = Task { try await clock.sleep(until: clock.now().addingTimeInterval(60)) }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.sleeperCount == 1)
        // Already asleep: the wait returns at once.
        #expect(await clock.waitForSleepers(1, timeout: .milliseconds(1)))
        clock.advance(by: 60)
        try await sleeping.value
    }
}
