internal import CCurl

/// Process-wide libcurl setup, done exactly once before the first handle is created.
enum CurlGlobal {
    /// Runs `curl_global_init` on first access; Swift makes static initialisers thread-safe.
    static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
    }()

    /// Initialises libcurl if needed; a failure here means the process cannot do HTTP at all.
    static func ensure() {
        precondition(initialized, "curl_global_init failed")
    }
}
