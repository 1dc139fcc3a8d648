import Chat
import Synchronization
import Testing

/// A suspect runs alone: after the work in flight, before new work.
struct SuspectGateTests {
    /// Records the order in which work started and ended.
    final class Timeline: Sendable {
        let events = Mutex<[String]>([])
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    @Test func aSuspectWaitsForWorkInFlightAndNewWorkWaitsForTheSuspect() async throws {
        let gate = SuspectGate()
        let timeline = Timeline()
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let ordinary = Task {
            await gate.shared {
                timeline.add("a start")
                for await _ in release {}
                timeline.add("a end")
            }
        }
        while !timeline.all.contains("a start") { await Task.yield() }
        let suspect = Task { await gate.exclusive { timeline.add("suspect") } }
        // Wait until the suspect is queued, then start new ordinary work: it must wait too.
        for _ in 0..<1000 { await Task.yield() }
        let late = Task { await gate.shared { timeline.add("b") } }
        for _ in 0..<1000 { await Task.yield() }
        #expect(timeline.all == ["a start"], "nothing ran beside the ordinary work in flight")
        releaser.finish()
        await ordinary.value
        await suspect.value
        await late.value
        #expect(timeline.all == ["a start", "a end", "suspect", "b"])
    }

    /// How many ran at once, at most.
    final class Overlap: Sendable {
        let state = Mutex((inside: 0, most: 0))
        func enter() { state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) } }
        func leave() { state.withLock { $0.inside -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func ordinaryWorkRunsTogether() async {
        let gate = SuspectGate()
        let overlap = Overlap()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await gate.shared {
                        overlap.enter()
                        for _ in 0..<100 { await Task.yield() }
                        overlap.leave()
                    }
                }
            }
        }
        #expect(overlap.most > 1)
    }
}
