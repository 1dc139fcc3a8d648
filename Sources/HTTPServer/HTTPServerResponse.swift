/// What a handler answers: status, headers and body.
public struct HTTPServerResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header lines; a name or value with a line break is dropped when sent.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    /// A response with these parts.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response (UTF-8).
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// A JSON response from already serialized text.
    public static func json(_ text: String, status: Int = 200) -> HTTPServerResponse {
        .text(text, status: status, contentType: "application/json")
    }
}
