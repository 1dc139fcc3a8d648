#if canImport(Glibc)
import Glibc
#endif

/// Starts detached POSIX threads for work that blocks, so it never runs on Swift's cooperative pool.
enum DedicatedThread {
    /// Boxes the body so it can cross `pthread_create`'s `void *` argument.
    private final class Body {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(run: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("pthread_create failed with \(result); the HTTP client cannot run without its thread")
        }
        pthread_detach(thread)
    }
}
