internal import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The state of one request on libmicrohttpd's polling thread, from its first callback to the
/// completion notice. Only that one thread touches it.
private final class RequestState {
    var body: [UInt8] = []
    var exchange: PendingExchange?
}

/// Collects key/value pairs from `MHD_get_connection_values`.
private final class PairCollector {
    var pairs: [(name: String, value: String)] = []
}

/// The owner of one `MHD_Daemon` and the C callbacks. Requests leave it as (request, exchange) pairs
/// through `submit`; nothing blocks libmicrohttpd's thread: a request's connection is suspended
/// until its exchange is completed.
final class MicroHTTPDaemon: Sendable {
    /// Counters shared by the C callbacks and the server.
    struct Counts {
        var active = 0
        var stopping = false
        var pending: [ObjectIdentifier: PendingExchange] = [:]
    }

    let configuration: HTTPServerConfiguration
    let counts = Mutex(Counts())
    private let submit: @Sendable (HTTPServerRequest, PendingExchange) -> Void
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Atomic<Int>(0)
    private let listenSocket = Mutex<Int32>(-1)

    /// The port listened on.
    var port: Int { boundPort.load(ordering: .relaxed) }

    /// A daemon handle. `@unchecked Sendable`: it is only used under the `daemon` lock.
    private struct DaemonHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    init(configuration: HTTPServerConfiguration, submit: @escaping @Sendable (HTTPServerRequest, PendingExchange) -> Void) throws(HTTPServerError) {
        self.configuration = configuration
        self.submit = submit
        guard (0...65_535).contains(configuration.port) else { throw .cannotListen(host: configuration.host, port: configuration.port) }
        var probe4 = in_addr()
        var probe6 = in6_addr()
        guard inet_pton(AF_INET, configuration.host, &probe4) == 1 || inet_pton(AF_INET6, configuration.host, &probe6) == 1 else {
            throw .invalidAddress(configuration.host)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let started = wd_mhd_start(
            configuration.host, UInt16(configuration.port), MicroHTTPDaemon.accessHandler, context, MicroHTTPDaemon.completedHandler, context,
            UInt32(clamping: configuration.connectionLimit), UInt32(clamping: configuration.idleTimeoutSeconds),
            max(configuration.connectionMemoryBytes, 4096))
        else { throw .cannotListen(host: configuration.host, port: configuration.port) }
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
        boundPort.store(Int(wd_mhd_bound_port(started)), ordering: .relaxed)
    }

    deinit {
        // A server dropped without `stop()`: answer what waits, so no connection is left suspended.
        forceStop()
    }

    /// Stops accepting connections; requests on open connections are answered 503 from now on.
    func quiesce() {
        counts.withLock { $0.stopping = true }
        daemon.withLock { handle in
            guard let handle else { return }
            let socket = MHD_quiesce_daemon(handle.pointer)
            // libmicrohttpd hands the listening socket back; it may still be read until the daemon stops,
            // so it is kept open and closed by `MHD_stop_daemon`'s caller below.
            if socket >= 0 { listenSocket.withLock { $0 = socket } }
        }
    }

    /// Answers every request still waiting for its handler 503; from now on new ones are answered 503 at once.
    func answerWaiting() {
        let waiting = counts.withLock { counts in
            counts.stopping = true
            return Array(counts.pending.values)
        }
        for exchange in waiting { exchange.complete(.text("Service Unavailable: shutting down\n", status: 503)) }
    }

    /// Answers what waits, then stops the daemon (it closes every connection) and closes the listening socket.
    func forceStop() {
        // libmicrohttpd forbids stopping with suspended connections: every one is resumed first.
        answerWaiting()
        daemon.withLock { handle in
            guard let pointer = handle?.pointer else { return }
            handle = nil
            MHD_stop_daemon(pointer)
        }
        let socket = listenSocket.withLock { socket -> Int32 in
            defer { socket = -1 }
            return socket
        }
        if socket >= 0 { close(socket) }
    }

    // MARK: Callbacks (libmicrohttpd's polling thread)

    private static let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
        guard let context, let connection, let uploadSize, let state else { return MHD_Result.NO }
        let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        return daemon.access(
            connection, path: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET",
            upload: upload, uploadSize: uploadSize, state: state) ? MHD_Result.YES : MHD_Result.NO
    }

    private static let completedHandler: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let context, let state, let raw = state.pointee else { return }
        state.pointee = nil
        Unmanaged<RequestState>.fromOpaque(raw).release()
        Unmanaged<MicroHTTPDaemon>.fromOpaque(context).takeUnretainedValue().counts.withLock { $0.active -= 1 }
    }

    private func access(
        _ connection: OpaquePointer, path: String, method: String, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> Bool {
        guard let raw = state.pointee else {
            // The first call: headers are in, the body is not.
            state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
            let stopping = counts.withLock { counts -> Bool in
                counts.active += 1
                return counts.stopping
            }
            if stopping { return queue(.text("Service Unavailable: shutting down\n", status: 503), on: connection) }
            if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
               Int(String(cString: length)).map({ $0 > configuration.maxBodyBytes }) ?? true {
                // Answered before the body is read; libmicrohttpd then closes the connection.
                return queue(.text("Payload Too Large\n", status: 413), on: connection)
            }
            return true
        }
        let request = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            // A chunked body has no length up front: past the limit the connection is closed.
            guard request.body.count + count <= configuration.maxBodyBytes, let upload else { return false }
            upload.withMemoryRebound(to: UInt8.self, capacity: count) { request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
            uploadSize.pointee = 0
            return true
        }
        if let exchange = request.exchange {
            // Resumed: the handler has answered.
            guard let response = exchange.response else { return false }
            return queue(response, on: connection)
        }
        let message = HTTPServerRequest(
            method: method.uppercased(), path: path, headers: values(of: connection, kind: .HEADER_KIND),
            query: values(of: connection, kind: .GET_ARGUMENT_KIND), body: request.body)
        request.body = []
        let exchange = PendingExchange(connection: ConnectionHandle(pointer: connection)) { [weak self] done in
            _ = self?.counts.withLock { $0.pending.removeValue(forKey: ObjectIdentifier(done)) }
        }
        request.exchange = exchange
        counts.withLock { $0.pending[ObjectIdentifier(exchange)] = exchange }
        // Suspended before it is handed on, so the resume can never come first.
        MHD_suspend_connection(connection)
        submit(message, exchange)
        return true
    }

    private func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
        let collector = PairCollector()
        _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
            guard let context, let key else { return MHD_Result.YES }
            let collector = Unmanaged<PairCollector>.fromOpaque(context).takeUnretainedValue()
            collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return MHD_Result.YES
        }, Unmanaged.passUnretained(collector).toOpaque())
        return collector.pairs
    }

    private func queue(_ response: HTTPServerResponse, on connection: OpaquePointer) -> Bool {
        let body = response.body
        let made = body.withUnsafeBytes { bytes in
            wd_mhd_response_copying(bytes.count, bytes.baseAddress)
        }
        guard let made else { return false }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers where !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }) {
            _ = MHD_add_response_header(made, name, value)
        }
        let status = (100...599).contains(response.status) ? response.status : 500
        return MHD_queue_response(connection, UInt32(status), made) == MHD_Result.YES
    }
}
