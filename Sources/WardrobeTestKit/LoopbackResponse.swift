import JSON

/// What the loopback server answers, and how it delivers the answer.
public struct LoopbackResponse: Sendable {
    /// How the body goes over the wire.
    public enum Delivery: Sendable, Hashable {
        /// Content-Length and the whole body at once.
        case whole
        /// Content-Length, then the body in `chunkSize` pieces with `interval` between them.
        case slow(chunkSize: Int, interval: Duration)
        /// Transfer-Encoding: chunked, `chunkSize` bytes per chunk with `interval` between them.
        case chunked(chunkSize: Int, interval: Duration)
        /// Content-Length of the whole body, but only the first `sending` bytes, then the connection closes.
        case truncated(sending: Int)
        /// No Content-Length: the body ends when the server closes the connection.
        case closeDelimited
    }

    /// The status code.
    public var status: Int
    /// Header fields to send; Content-Length and Transfer-Encoding are added as the delivery needs.
    public var headers: [(name: String, value: String)]
    /// The body bytes as they go on the wire (already gzip-encoded, if so labelled).
    public var body: [UInt8]
    /// How long to wait before sending anything; the wait ends early if the client goes away.
    public var delay: Duration
    /// How the body goes over the wire.
    public var delivery: Delivery

    /// A response from its pieces.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                delay: Duration = .zero, delivery: Delivery = .whole) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.delivery = delivery
    }

    /// A UTF-8 text response.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// A JSON response.
    public static func json(_ value: JSON, status: Int = 200) -> LoopbackResponse {
        text(value.serialized(), status: status, contentType: "application/json")
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Location", location)])
    }

    /// A gzip-encoded response whose decoded body is `bytes` (see `Gzip.encode`).
    public static func gzipped(_ bytes: [UInt8], contentType: String = "text/plain; charset=utf-8") -> LoopbackResponse {
        LoopbackResponse(headers: [("Content-Type", contentType), ("Content-Encoding", "gzip")], body: Gzip.encode(bytes))
    }

    /// A copy that waits `delay` before answering.
    public func delayed(by delay: Duration) -> LoopbackResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// A copy delivered the given way.
    public func delivered(_ delivery: Delivery) -> LoopbackResponse {
        var copy = self
        copy.delivery = delivery
        return copy
    }
}
