internal import CCurl
import Synchronization

/// One request in flight: its easy handle, what has arrived so far, and the task waiting for it.
///
/// The C callbacks fill `state` on the loop thread; cancellation flips it from the caller's side.
final class Transfer: Sendable {
    /// The handle, owned here so it outlives its time in the multi handle.
    let easy: CurlEasy
    private let limit: Int
    private let maxRedirects: Int
    private let state = Mutex(State())

    private struct State {
        var body: [UInt8] = []
        var headers = HTTPHeaders()
        var tooLarge = false
        var cancelled = false
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var finished = false
    }

    /// Wraps a configured handle and attaches the body and header callbacks to this transfer.
    init(easy: CurlEasy, request: HTTPRequest) {
        self.easy = easy
        limit = request.maxResponseBytes
        maxRedirects = request.maxRedirects
        // Unretained: the loop keeps the transfer alive for as long as the handle is in the multi.
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        _ = wd_easy_setopt_write(easy.handle, CURLOPT_WRITEFUNCTION) { pointer, size, count, userdata in
            let length = size * count
            guard let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receive(body: UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
        }
        _ = wd_easy_setopt_pointer(easy.handle, CURLOPT_WRITEDATA, userdata)
        _ = wd_easy_setopt_write(easy.handle, CURLOPT_HEADERFUNCTION) { pointer, size, count, userdata in
            let length = size * count
            guard let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            transfer.receive(headerLine: UnsafeRawBufferPointer(start: pointer, count: length))
            return length
        }
        _ = wd_easy_setopt_pointer(easy.handle, CURLOPT_HEADERDATA, userdata)
    }

    /// True once the caller has cancelled.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Stores the continuation to resume later; false (and resumed with `.cancelled`) when already cancelled.
    func install(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: HTTPError.cancelled) }
        return !cancelled
    }

    /// Marks the transfer cancelled; the loop removes the handle and resumes the caller.
    func markCancelled() {
        state.withLock { $0.cancelled = true }
    }

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// Turns libcurl's final code into a response or an error and resumes the caller.
    func complete(_ code: CURLcode) {
        let (body, headers, tooLarge, cancelled) = state.withLock { state in
            (state.body, state.headers, state.tooLarge, state.cancelled)
        }
        if cancelled { return finish(.failure(.cancelled)) }
        if tooLarge { return finish(.failure(.responseTooLarge(limit: limit))) }
        guard code == CURLE_OK else { return finish(.failure(error(for: code))) }
        let status = easy.info(long: CURLINFO_RESPONSE_CODE)
        let response = HTTPResponse(
            status: status,
            headers: headers,
            body: body,
            effectiveURL: easy.info(string: CURLINFO_EFFECTIVE_URL) ?? "",
            redirectLocation: (300..<400).contains(status) ? easy.info(string: CURLINFO_REDIRECT_URL) : nil)
        finish(.success(response))
    }

    private func error(for code: CURLcode) -> HTTPError {
        let text = easy.errorText(for: code)
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .invalidRequest(text)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .couldNotResolveHost(text)
        case CURLE_COULDNT_CONNECT: return .couldNotConnect(text)
        case CURLE_OPERATION_TIMEDOUT: return .timeout(text)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(limit: maxRedirects)
        case CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(limit: limit)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND:
            return .tls(text)
        default: return .transport(code: Int(code.rawValue), text: text)
        }
    }

    /// Appends body bytes; false (which makes libcurl abort) once the cap is passed or the caller cancelled.
    private func receive(body bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            guard state.body.count + bytes.count <= limit else {
                state.tooLarge = true
                return false
            }
            state.body.append(contentsOf: bytes)
            return true
        }
    }

    /// Collects one header line; a status line starts a new response (redirect hop or 1xx).
    private func receive(headerLine bytes: UnsafeRawBufferPointer) {
        let line = HeaderLine(bytes)
        state.withLock { state in
            switch line {
            case .status: state.headers = HTTPHeaders()
            case .field(let name, let value): state.headers.add(name, value)
            case .other: break
            }
        }
    }
}

/// One raw header line from libcurl, split on bytes (every response has a dozen of these).
enum HeaderLine: Equatable {
    /// `HTTP/…`: a new response starts (a redirect hop or a 1xx).
    case status
    /// `Name: value`, the value without surrounding spaces, tabs or the line end.
    case field(String, String)
    /// The blank line ending the headers, or anything without a colon.
    case other

    init(_ bytes: UnsafeRawBufferPointer) {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        if bytes.starts(with: "HTTP/".utf8) {
            self = .status
        } else if let colon = bytes.firstIndex(of: 0x3A) {
            var start = colon + 1
            var end = bytes.endIndex
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            self = .field(String(decoding: bytes[..<colon], as: UTF8.self), String(decoding: bytes[start..<end], as: UTF8.self))
        } else {
            self = .other
        }
    }
}
