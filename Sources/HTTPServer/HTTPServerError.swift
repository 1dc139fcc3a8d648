import Support

/// Why the embedded HTTP server could not start. Operators see these at start-up; no chat user can cause them.
public enum HTTPServerError: InternalError, CustomStringConvertible, Sendable, Hashable {
    /// The listen address is not an IPv4 or IPv6 literal.
    case invalidAddress(String)
    /// libmicrohttpd could not listen there (port in use, no permission, address not on this machine).
    case cannotListen(host: String, port: Int)

    /// One line for logs and the command line: what happened and what to do next.
    public var description: String {
        switch self {
        case .invalidAddress(let host):
            return "the HTTP listen address \"\(host)\" is not an IP address; use one like 127.0.0.1 or ::1"
        case .cannotListen(let host, let port):
            return "cannot listen on \(host):\(port); the port may be in use or need privileges, choose another"
        }
    }
}
