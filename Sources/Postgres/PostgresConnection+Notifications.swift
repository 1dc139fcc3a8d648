internal import CPostgres

#if canImport(Glibc)
import Glibc
#endif

extension PostgresConnection {
    /// Waits up to `timeoutSeconds` (0–60) for a notification on a channel this session listens
    /// to; nil when none came. Blocks the calling thread for that long.
    public func waitForNotification(timeoutSeconds: Double) throws(PostgresError) -> PostgresNotification? {
        let timeout = timeoutSeconds.isFinite ? min(max(timeoutSeconds, 0), 60) : 0
        var remainingMilliseconds = Int32((timeout * 1000).rounded(.up))
        while true {
            if let notification = try takeNotification() { return notification }
            guard remainingMilliseconds > 0 else { return nil }
            var descriptor = pollfd(fd: try socket(), events: Int16(POLLIN), revents: 0)
            let started = monotonicMilliseconds()
            let ready = poll(&descriptor, 1, remainingMilliseconds)
            if ready < 0 && errno != EINTR {
                throw PostgresError(kind: .connection, message: "waiting on the connection failed (errno \(errno))")
            }
            remainingMilliseconds -= Int32(clamping: monotonicMilliseconds() - started)
            if ready == 0 { remainingMilliseconds = 0 }
        }
    }

    /// Reads what the server sent and returns the first queued notification, if any.
    private func takeNotification() throws(PostgresError) -> PostgresNotification? {
        let handle = try socketHandle()
        guard PQconsumeInput(handle) == 1 else {
            throw PostgresError(kind: .connection, message: String(cString: PQerrorMessage(handle)))
        }
        guard let notify = PQnotifies(handle) else { return nil }
        defer { PQfreemem(notify) }
        return PostgresNotification(
            channel: String(cString: notify.pointee.relname), payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
            senderProcessID: notify.pointee.be_pid)
    }

    private func socket() throws(PostgresError) -> Int32 {
        let descriptor = PQsocket(try socketHandle())
        guard descriptor >= 0 else { throw PostgresError(kind: .connection, message: "the connection has no socket") }
        return descriptor
    }

    private func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
