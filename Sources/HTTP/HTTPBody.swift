/// What a request sends after its headers.
public enum HTTPBody: Sendable {
    /// No body.
    case empty
    /// Raw bytes with an optional Content-Type.
    case bytes([UInt8], contentType: String?)
    /// An application/x-www-form-urlencoded form, fields in order.
    case form([(name: String, value: String)])
    /// A multipart/form-data body built by libcurl, parts in order.
    case multipart([MultipartPart])

    /// A UTF-8 text body, e.g. `.text(json, contentType: "application/json")`.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPBody {
        .bytes(Array(text.utf8), contentType: contentType)
    }

    /// A JSON body from already serialized text.
    public static func json(_ serialized: String) -> HTTPBody {
        .text(serialized, contentType: "application/json")
    }
}

/// One part of a multipart/form-data body.
public struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    public var name: String
    /// The file name sent for file parts; nil for plain fields.
    public var filename: String?
    /// The part's Content-Type; nil lets libcurl choose (text/plain or octet-stream).
    public var contentType: String?
    /// The part's bytes.
    public var data: [UInt8]

    /// A part from all its pieces.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// A plain text field.
    public static func field(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, data: Array(value.utf8))
    }

    /// A file part.
    public static func file(_ name: String, filename: String, contentType: String, data: [UInt8]) -> MultipartPart {
        MultipartPart(name: name, filename: filename, contentType: contentType, data: data)
    }
}
