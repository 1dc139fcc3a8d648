import Synchronization

/// Easy handles kept for reuse, at most `capacity` of them. A handle comes back only once no
/// transfer uses it, and goes out reset, so nothing of one request (options, headers, body) reaches the next.
final class HandlePool: Sendable {
    private let capacity: Int
    private let spare = Mutex<[CurlEasy]>([])

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// A handle with no options set: a kept one, or a new one.
    func take() -> CurlEasy {
        spare.withLock { $0.popLast() } ?? CurlEasy()
    }

    /// Resets `easy` and keeps it, unless the pool is full (then it is freed).
    func give(back easy: CurlEasy) {
        easy.reset()
        spare.withLock { spare in
            if spare.count < capacity { spare.append(easy) }
        }
    }
}
