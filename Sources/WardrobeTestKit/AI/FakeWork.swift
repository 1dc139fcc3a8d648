import Dispatch

/// Runs a fake's CPU-heavy steps (base64 of uploads, rendering results) on a Dispatch queue.
///
/// Tests run debug builds, in parallel, on machines with two cores: the cooperative pool has two
/// threads, and a fake decoding a 300 KB upload there delays every test's continuations, which
/// makes timing assertions (cancellation "promptly") flaky.
enum FakeWork {
    /// The value of `work`, computed off the cooperative pool.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
