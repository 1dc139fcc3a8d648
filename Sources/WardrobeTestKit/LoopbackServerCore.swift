import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// The listening socket, the accept thread, the connection threads and the request log.
/// The threads hold this object, not the public server, so the server can stop on deinit.
final class LoopbackServerCore: Sendable {
    /// The listening socket.
    let listener: Int32
    /// The bound port.
    let port: Int
    private let handler: @Sendable (LoopbackRequest) async -> LoopbackResponse
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var open: Set<Int32> = []
        var threads: [pthread_t] = []
        var acceptThread: pthread_t?
        var requests: [LoopbackRequest] = []
        var abortedResponses = 0
        var connections = 0
    }

    /// Binds the loopback address on an ephemeral port and starts accepting.
    init(ipv6: Bool, handler: @escaping @Sendable (LoopbackRequest) async -> LoopbackResponse) throws(TestKitError) {
        self.handler = handler
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestKitError("socket() failed: errno \(errno)") }
        do {
            port = try Self.bindLoopback(fd, ipv6: ipv6)
        } catch {
            close(fd)
            throw error
        }
        listener = fd
        let thread: pthread_t
        do {
            thread = try JoinableThread.start { [self] in acceptLoop() }
        } catch {
            close(fd)
            throw error
        }
        state.withLock { $0.acceptThread = thread }
    }

    /// Every request received so far, in order.
    var requests: [LoopbackRequest] { state.withLock { $0.requests } }
    /// How many responses the client cut off before they were fully sent.
    var abortedResponses: Int { state.withLock { $0.abortedResponses } }
    /// How many connections have been accepted.
    var connections: Int { state.withLock { $0.connections } }

    /// Logs a received request.
    func record(_ request: LoopbackRequest) {
        state.withLock { $0.requests.append(request) }
    }

    /// Counts a response the client went away from.
    func noteAbortedResponse() {
        state.withLock { $0.abortedResponses += 1 }
    }

    /// Runs the async handler and blocks this connection thread (never a pool thread) until it answers.
    func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        let slot = ResponseSlot()
        let handler = handler
        Task {
            let response = await handler(request)
            slot.response.withLock { $0 = response }
            slot.done.signal()
        }
        slot.done.wait()
        return slot.response.withLock { $0 } ?? LoopbackResponse(status: 500)
    }

    /// Closes the listener and every connection; safe to call twice. Connection threads are joined on a
    /// thread of their own: one may be waiting for its handler task, which needs a cooperative-pool
    /// thread, and the caller is often on that pool (two threads on a 2-core machine).
    func stop() {
        let acceptThread = state.withLock { state -> pthread_t? in
            guard !state.stopped else { return nil }
            state.stopped = true
            // Wakes threads blocked in recv or poll; each closes its own socket on the way out.
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
            defer { state.acceptThread = nil }
            return state.acceptThread
        }
        guard let acceptThread else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        JoinableThread.join(acceptThread)
        close(listener)
        // The accept thread has exited, so no new connection threads can appear.
        let threads = state.withLock { $0.threads }
        Thread.detachNewThread { for thread in threads { JoinableThread.join(thread) } }
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let number = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                state.open.insert(fd)
                state.connections += 1
                return state.connections
            }
            guard let number else {
                close(fd)
                return
            }
            do {
                let thread = try JoinableThread.start { [self] in
                    var connection = LoopbackConnection(number: number, fd: fd, core: self)
                    connection.serve()
                    state.withLock { _ = $0.open.remove(fd) }
                    close(fd)
                }
                state.withLock { $0.threads.append(thread) }
            } catch {
                state.withLock { _ = $0.open.remove(fd) }
                close(fd)
            }
        }
    }

    private static func bindLoopback(_ fd: Int32, ipv6: Bool) throws(TestKitError) -> Int {
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else { throw TestKitError("bind() to loopback failed: errno \(errno)") }
        guard listen(fd, 128) == 0 else { throw TestKitError("listen() failed: errno \(errno)") }
        var storage = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw TestKitError("getsockname() failed: errno \(errno)") }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        return Int(UInt16(bigEndian: storage.sin6_port))
    }
}

/// Carries the handler's answer from its task back to the waiting connection thread.
private final class ResponseSlot: Sendable {
    let response = Mutex<LoopbackResponse?>(nil)
    let done = DispatchSemaphore(value: 0)
}
