/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method token as sent on the wire, e.g. "GET".
    public let rawValue: String

    /// A method from its wire token; use the static members for the common ones.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// GET: fetch a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// POST: submit a body.
    public static let post = HTTPMethod(rawValue: "POST")
    /// PUT: replace a resource with the body.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// PATCH: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// DELETE: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// HEAD: like GET without a response body.
    public static let head = HTTPMethod(rawValue: "HEAD")

    /// The wire token.
    public var description: String { rawValue }
}
