internal import CCurl

/// Owns the libcurl multi handle that every transfer of one client runs in.
///
/// `@unchecked Sendable`: only the loop thread calls into the handle, except
/// `curl_multi_wakeup`, which libcurl documents as safe from any thread.
final class CurlMulti: @unchecked Sendable {
    /// The CURLM pointer; never leaves the HTTP module.
    let handle: UnsafeMutableRawPointer

    /// Creates a multi handle.
    init() {
        CurlGlobal.ensure()
        guard let handle = curl_multi_init() else { fatalError("curl_multi_init returned NULL (out of memory)") }
        self.handle = handle
    }

    /// Interrupts a `curl_multi_poll` in progress so the loop picks up new work.
    func wakeup() {
        _ = curl_multi_wakeup(handle)
    }

    deinit {
        curl_multi_cleanup(handle)
    }
}
