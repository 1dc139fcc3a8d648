internal import CCurl

/// Owns one libcurl easy handle and everything it points at: header and resolve lists,
/// the mime body and the error buffer. They are freed together in deinit.
///
/// `@unchecked Sendable`: it is fully configured on the caller's thread before it is handed
/// to the loop thread; from then on only the loop thread touches it, and deinit runs after
/// the handle has left the multi handle.
final class CurlEasy: @unchecked Sendable {
    /// The CURL pointer; never leaves the HTTP module.
    let handle: UnsafeMutableRawPointer
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    private var mime: OpaquePointer?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// A fresh easy handle with an error buffer attached.
    init() {
        CurlGlobal.ensure()
        guard let handle = curl_easy_init() else { fatalError("curl_easy_init returned NULL (out of memory)") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = wd_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    /// Forgets every option of the last request (libcurl's own reset) and frees what they pointed at,
    /// so the handle can serve another request. Only for a handle outside the multi handle.
    func reset() {
        curl_easy_reset(handle)
        if let mime { curl_mime_free(mime) }
        mime = nil
        for list in lists { curl_slist_free_all(list) }
        lists = []
        errorBuffer.update(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = wd_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        curl_easy_cleanup(handle)
        if let mime { curl_mime_free(mime) }
        for list in lists { curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    /// libcurl's detailed message for the last failure, or its generic text for `code`.
    func errorText(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    /// Sets an integer option.
    func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(wd_easy_setopt_long(handle, option, value), option)
    }

    /// Sets a string option; libcurl copies the string.
    func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        try check(wd_easy_setopt_string(handle, option, value), option)
    }

    /// Sets a 64-bit size option.
    func set(_ option: CURLoption, size value: Int) throws(HTTPError) {
        try check(wd_easy_setopt_off(handle, option, curl_off_t(value)), option)
    }

    /// Sets a string-list option; the list lives as long as this handle.
    func set(_ option: CURLoption, lines: [String]) throws(HTTPError) {
        guard !lines.isEmpty else { return }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for line in lines {
            guard let longer = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw .invalidRequest("out of memory building \(option)")
            }
            list = longer
        }
        lists.append(list!)
        try check(wd_easy_setopt_slist(handle, option, list), option)
    }

    /// Sets the body bytes; libcurl copies them (CURLOPT_COPYPOSTFIELDS), which implies POST.
    func setBody(_ bytes: [UInt8]) throws(HTTPError) {
        try set(CURLOPT_POSTFIELDSIZE_LARGE, size: bytes.count)
        let padded = bytes.isEmpty ? [0] : bytes
        let code = padded.withUnsafeBytes { buffer in
            wd_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        try check(code, CURLOPT_COPYPOSTFIELDS)
    }

    /// Sets a multipart/form-data body; libcurl copies every part's data.
    func setMultipart(_ parts: [MultipartPart]) throws(HTTPError) {
        guard let mime = curl_mime_init(handle) else { throw .invalidRequest("out of memory building the form") }
        self.mime = mime
        for part in parts {
            guard let field = curl_mime_addpart(mime) else { throw .invalidRequest("out of memory building the form") }
            try check(curl_mime_name(field, part.name), "part name")
            if let filename = part.filename { try check(curl_mime_filename(field, filename), "part filename") }
            if let type = part.contentType { try check(curl_mime_type(field, type), "part content type") }
            let padded = part.data.isEmpty ? [0] : part.data
            let code = padded.withUnsafeBytes { buffer in
                curl_mime_data(field, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), part.data.count)
            }
            try check(code, "part data")
        }
        try check(wd_easy_setopt_mime(handle, mime), CURLOPT_MIMEPOST)
    }

    /// An integer fact about the finished transfer, e.g. the status code.
    func info(long key: CURLINFO) -> Int {
        var value = 0
        _ = wd_easy_getinfo_long(handle, key, &value)
        return value
    }

    /// A string fact about the finished transfer, e.g. the effective URL.
    func info(string key: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>? = nil
        guard wd_easy_getinfo_string(handle, key, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    private func check(_ code: CURLcode, _ what: Any) throws(HTTPError) {
        guard code == CURLE_OK else {
            throw .invalidRequest("setting \(what): \(String(cString: curl_easy_strerror(code)))")
        }
    }
}
