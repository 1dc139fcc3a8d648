internal import CCurl

/// Owns the libcurl multi handle that every transfer of one client runs in.
///
/// `@unchecked Sendable`: only the loop thread calls into the handle, except
/// `curl_multi_wakeup`, which libcurl documents as safe from any thread.
final class CurlMulti: @unchecked Sendable {
    /// The CURLM pointer; never leaves the HTTP module.
    let handle: UnsafeMutableRawPointer

    /// Creates a multi handle that keeps up to `idleConnections` connections open for reuse.
    init(idleConnections: Int) {
        CurlGlobal.ensure()
        guard let handle = curl_multi_init() else { fatalError("curl_multi_init returned NULL (out of memory)") }
        self.handle = handle
        // libcurl's default cache follows the number of transfers in progress, so after a burst it
        // closes connections that the next burst must open again (a TCP and TLS handshake each).
        _ = wd_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, idleConnections)
    }

    /// Interrupts a `curl_multi_poll` in progress so the loop picks up new work.
    func wakeup() {
        _ = curl_multi_wakeup(handle)
    }

    deinit {
        curl_multi_cleanup(handle)
    }
}
