internal import CCurl

extension CurlEasy {
    /// Sets the handle up for `request` (callbacks are attached later by `Transfer`); a handle that
    /// served another request must be `reset()` first.
    func configure(_ request: HTTPRequest, _ configuration: HTTPClient.Configuration) throws(HTTPError) {
        guard request.url.hasPrefix("http://") || request.url.hasPrefix("https://") else {
            throw .invalidRequest("not an http(s) URL: \(request.url)")
        }
        try Self.rejectLineBreaks(request.url, "URL")
        // The loop thread must never receive signals from libcurl (DNS timeouts use SIGALRM otherwise).
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, request.maxRedirects)
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        // Rejects a declared Content-Length over the cap before any body arrives;
        // the write callback enforces the cap on the bytes actually received.
        try set(CURLOPT_MAXFILESIZE_LARGE, size: request.maxResponseBytes)
        if request.acceptEncoding {
            // "" offers every encoding this libcurl build decodes (gzip, deflate, br).
            try set(CURLOPT_ACCEPT_ENCODING, "")
        }
        try set(CURLOPT_USERAGENT, request.userAgent ?? configuration.userAgent)
        if request.resolve.isEmpty {
            try configureProxy(configuration.proxy)
        } else {
            try set(CURLOPT_RESOLVE, lines: request.resolve.map(\.curlEntry))
            // A proxy would resolve the host itself and make the pin meaningless, so pinned requests go direct.
            try set(CURLOPT_PROXY, "")
            // A cached connection to the same host name may lead to an address that was never checked.
            try set(CURLOPT_FRESH_CONNECT, 1)
        }
        try configureMethodAndBody(request)
        try set(CURLOPT_HTTPHEADER, lines: try Self.headerLines(request))
    }

    /// Proxies come from http_proxy, https_proxy and no_proxy by default, read by libcurl itself.
    private func configureProxy(_ proxy: HTTPClient.Proxy) throws(HTTPError) {
        switch proxy {
        case .environment: break
        case .none: try set(CURLOPT_PROXY, "")
        case .url(let url): try set(CURLOPT_PROXY, url)
        }
    }

    private func configureMethodAndBody(_ request: HTTPRequest) throws(HTTPError) {
        let hasBody: Bool
        switch request.body {
        case .empty:
            hasBody = false
        case .bytes(let bytes, _):
            try setBody(bytes)
            hasBody = true
        case .form(let fields):
            try setBody(Array(URLEncoding.form(fields).utf8))
            hasBody = true
        case .multipart(let parts):
            try setMultipart(parts)
            hasBody = true
        }
        switch request.method {
        case .get where !hasBody: try set(CURLOPT_HTTPGET, 1)
        case .head where !hasBody: try set(CURLOPT_NOBODY, 1)
        case .post where !hasBody: try setBody([])
        case .post: break
        default: try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
    }

    private static func headerLines(_ request: HTTPRequest) throws(HTTPError) -> [String] {
        var headers = request.headers
        switch request.body {
        case .bytes(_, let contentType) where !headers.contains("Content-Type"):
            // Without this libcurl would label raw bytes as a urlencoded form.
            headers.add("Content-Type", contentType ?? "application/octet-stream")
        case .form where !headers.contains("Content-Type"):
            headers.add("Content-Type", "application/x-www-form-urlencoded")
        default:
            break
        }
        if !headers.contains("Expect") {
            // An empty value removes the header: no 1 s wait for "100 Continue" before big bodies.
            headers.add("Expect", "")
        }
        var lines: [String] = []
        for field in headers {
            try rejectLineBreaks(field.name, "header name")
            try rejectLineBreaks(field.value, "header value")
            guard !field.name.isEmpty, !field.name.contains(":") else {
                throw .invalidRequest("bad header name '\(field.name)'")
            }
            // "Name;" is libcurl's way to send a header with an empty value.
            lines.append(field.value.isEmpty && field.name != "Expect" ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        return lines
    }

    private static func rejectLineBreaks(_ text: String, _ what: String) throws(HTTPError) {
        if text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 }) {
            throw .invalidRequest("\(what) contains a line break or NUL")
        }
    }

    /// Whole milliseconds, at least 1; a duration beyond 30 days (never a real timeout) counts as 30 days,
    /// so a huge or negative value cannot overflow the multiplication.
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let bounded = Int(min(max(seconds, 0), 30 * 86_400))
        return max(1, bounded * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
