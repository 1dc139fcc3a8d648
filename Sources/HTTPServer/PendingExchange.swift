internal import CMicroHTTPD
import Synchronization

/// A libmicrohttpd connection handle. `@unchecked Sendable`: the pointer is only passed back to
/// libmicrohttpd, and only `MHD_resume_connection`, which the library allows from any thread, is
/// called with it off the polling thread.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A request whose connection is suspended while its handler runs. The first `complete` stores the
/// response and resumes the connection; libmicrohttpd then calls back on its thread, which queues it.
final class PendingExchange: Sendable {
    private let connection: ConnectionHandle
    private let answer = Mutex<HTTPServerResponse?>(nil)
    private let onComplete: @Sendable (PendingExchange) -> Void

    init(connection: ConnectionHandle, onComplete: @escaping @Sendable (PendingExchange) -> Void) {
        self.connection = connection
        self.onComplete = onComplete
    }

    /// The response, once completed.
    var response: HTTPServerResponse? { answer.withLock { $0 } }

    /// Stores `response` and resumes the connection; false (and nothing happens) when already completed.
    @discardableResult
    func complete(_ response: HTTPServerResponse) -> Bool {
        let first = answer.withLock { stored -> Bool in
            guard stored == nil else { return false }
            stored = response
            return true
        }
        guard first else { return false }
        onComplete(self)
        MHD_resume_connection(connection.pointer)
        return true
    }
}
