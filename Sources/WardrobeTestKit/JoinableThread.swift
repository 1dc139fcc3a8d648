#if canImport(Glibc)
import Glibc
#endif

/// Starts POSIX threads the server joins on stop, so blocking socket calls stay off Swift's cooperative pool.
enum JoinableThread {
    /// Boxes the body so it can cross `pthread_create`'s `void *` argument.
    private final class Body {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread; join it with `join(_:)`.
    static func start(_ body: @escaping @Sendable () -> Void) throws(TestKitError) -> pthread_t {
        let box = Unmanaged.passRetained(Body(run: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw TestKitError("pthread_create failed with \(result)")
        }
        return thread
    }

    /// Waits for a thread started with `start(_:)` to finish.
    static func join(_ thread: pthread_t) {
        _ = pthread_join(thread, nil)
    }
}
