import Foundation
import Synchronization

/// Owns a fake's loopback server and stops it on a thread of its own, never on the cooperative pool.
///
/// `LoopbackHTTPServer.stop()` joins the connection threads, and a connection thread waits for its
/// handler task, which needs a cooperative-pool thread. The fakes' handlers do real image work, so one
/// may still be busy when a test ends (after a client timeout, say). Stopping from the test itself
/// (a pool thread) then deadlocks a machine with two pool threads; a fresh thread cannot.
final class FakeServerHandle: Sendable {
    /// The server.
    let server: LoopbackHTTPServer
    private let stopped = Mutex(false)

    /// Takes ownership of `server`.
    init(_ server: LoopbackHTTPServer) {
        self.server = server
    }

    deinit {
        stop()
    }

    /// Starts stopping the server on a new thread and returns at once; safe to call twice.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // The closure keeps the server alive until it has stopped, even if the fake is gone by then.
        let server = server
        Thread.detachNewThread { server.stop() }
    }
}
