import Foundation

/// One HTTP request as the loopback server received it.
public struct LoopbackRequest: Sendable {
    /// The method, e.g. "POST".
    public let method: String
    /// The request target as sent, e.g. "/bot123/getUpdates?offset=5".
    public let target: String
    /// The target's path, still percent-encoded, e.g. "/bot123/getUpdates".
    public let path: String
    /// The decoded query items in order.
    public let queryItems: [(name: String, value: String)]
    /// The header fields in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body after removing any chunked framing (not decompressed).
    public let body: [UInt8]
    /// Which accepted connection carried it, counting from 1; equal numbers mean a reused connection.
    public let connection: Int
    /// When the server had read the whole request (latency benchmarks measure from or to it).
    public let receivedAt: Date

    /// A request from its pieces; the server builds these, fakes may too.
    public init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8], connection: Int = 1) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.connection = connection
        receivedAt = Date()
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "")
        queryItems = parts.count > 1 ? PercentDecoding.pairs(String(parts[1])) : []
    }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The first value of query item `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
