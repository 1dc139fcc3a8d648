/// Serves one accepted connection on its own thread: reads requests, asks the handler,
/// writes the answers, and keeps the connection open between them (HTTP/1.1 keep-alive).
struct LoopbackConnection {
    /// Which accepted connection this is, counting from 1.
    let number: Int
    private var socket: LoopbackSocket
    private let core: LoopbackServerCore

    /// A connection on an accepted socket.
    init(number: Int, fd: Int32, core: LoopbackServerCore) {
        self.number = number
        socket = LoopbackSocket(fd: fd)
        self.core = core
    }

    /// Serves requests until the client closes, a response ends the connection, or the server stops.
    mutating func serve() {
        while let request = readRequest() {
            core.record(request)
            let response = core.answer(request)
            guard send(response, for: request) else { return }
        }
    }

    private mutating func readRequest() -> LoopbackRequest? {
        guard let head = socket.readHead() else { return nil }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count == 3 else { return nil }
        let headers: [(name: String, value: String)] = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }))
        }
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
        if header("expect")?.lowercased() == "100-continue" {
            guard socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
        }
        let body: [UInt8]
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            guard let chunked = readChunkedBody() else { return nil }
            body = chunked
        } else if let length = header("content-length").flatMap({ Int($0.trimmingSuffix(" ")) }) {
            guard let bytes = socket.read(count: length) else { return nil }
            body = bytes
        } else {
            body = []
        }
        return LoopbackRequest(method: String(requestLine[0]), target: String(requestLine[1]),
                               headers: headers, body: body, connection: number)
    }

    private mutating func readChunkedBody() -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            guard let line = socket.readLine(),
                  let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16) else { return nil }
            if size == 0 {
                // Trailer fields, if any, end with an empty line.
                while let trailer = socket.readLine(), !trailer.isEmpty {}
                return body
            }
            guard let chunk = socket.read(count: size), socket.readLine() != nil else { return nil }
            body += chunk
        }
    }

    /// Writes `response`; false when the connection must close (by design or because the client left).
    private func send(_ response: LoopbackResponse, for request: LoopbackRequest) -> Bool {
        if response.delay > .zero, !socket.wait(response.delay) { return aborted() }
        var headers = response.headers
        func has(_ name: String) -> Bool { headers.contains { $0.name.lowercased() == name } }
        var closeAfter = request.header("Connection")?.lowercased() == "close"
        switch response.delivery {
        case .whole, .slow:
            if !has("content-length") { headers.append(("Content-Length", "\(response.body.count)")) }
        case .chunked:
            headers.append(("Transfer-Encoding", "chunked"))
        case .truncated:
            headers.append(("Content-Length", "\(response.body.count)"))
            closeAfter = true
        case .closeDelimited:
            closeAfter = true
        }
        if closeAfter { headers.append(("Connection", "close")) }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        guard socket.write(Array((head + "\r\n").utf8)) else { return aborted() }
        guard request.method != "HEAD" else { return !closeAfter }
        guard sendBody(response) else { return aborted() }
        return !closeAfter
    }

    private func sendBody(_ response: LoopbackResponse) -> Bool {
        let body = response.body
        switch response.delivery {
        case .whole, .closeDelimited:
            return socket.write(body)
        case .truncated(let sending):
            return socket.write(Array(body.prefix(sending)))
        case .slow(let size, let interval):
            for (index, start) in stride(from: 0, to: body.count, by: max(1, size)).enumerated() {
                if index > 0, !socket.wait(interval) { return false }
                guard socket.write(Array(body[start..<min(body.count, start + max(1, size))])) else { return false }
            }
            return true
        case .chunked(let size, let interval):
            for (index, start) in stride(from: 0, to: body.count, by: max(1, size)).enumerated() {
                if index > 0, !socket.wait(interval) { return false }
                let piece = Array(body[start..<min(body.count, start + max(1, size))])
                guard socket.write(Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + [13, 10]) else { return false }
            }
            return socket.write(Array("0\r\n\r\n".utf8))
        }
    }

    private func aborted() -> Bool {
        core.noteAbortedResponse()
        return false
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension String {
    /// The text without trailing `character`s.
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = Substring(self)
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
