import Testing
@testable import Telegram

/// The writer of sent marks, started as a task by the sender's run: a run stopped as it began
/// finishes the writer before that task has run, and the writer must still end.
struct SentMarksTests {
    @Test(.timeLimit(.minutes(1))) func aFinishBeforeTheWriterTaskRunsStillEndsIt() async throws {
        let harness = try TelegramHarness()
        defer {
            harness.store.close()
            harness.server.stop()
        }
        let marks = harness.transport.sender.marks
        let wakes = marks.begin()
        marks.finish()
        // Were the finish lost (it once was, when the writer only opened its intake once it ran), this
        // would wait forever and the time limit would fail the test.
        await marks.run(wakes)
        // A second run opens a new intake and is ended the same way.
        let again = marks.begin()
        marks.finish()
        await marks.run(again)
    }
}
