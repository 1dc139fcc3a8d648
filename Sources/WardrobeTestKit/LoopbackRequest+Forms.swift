import JSON

/// One part of a multipart/form-data body, as parsed by the loopback server.
public struct LoopbackMultipartPart: Sendable, Hashable {
    /// The form field name.
    public let name: String
    /// The file name, for file parts.
    public let filename: String?
    /// The part's Content-Type, when it had one.
    public let contentType: String?
    /// The part's bytes.
    public let data: [UInt8]

    /// The data as UTF-8 text.
    public var text: String { String(decoding: data, as: UTF8.self) }
}

extension LoopbackRequest {
    /// The parts of a multipart/form-data body, in order.
    public func multipartParts() throws(TestKitError) -> [LoopbackMultipartPart] {
        guard let type = header("Content-Type"), type.lowercased().hasPrefix("multipart/form-data"),
              let boundary = Self.parameter("boundary", in: type) else {
            throw TestKitError("not a multipart/form-data request: \(header("Content-Type") ?? "no Content-Type")")
        }
        let delimiter = Array("\r\n--\(boundary)".utf8)
        let bytes = Array("\r\n".utf8) + body
        guard var position = LoopbackSocket.find(delimiter, in: bytes) else { throw TestKitError("no multipart boundary in body") }
        var parts: [LoopbackMultipartPart] = []
        while true {
            position += delimiter.count
            guard position + 2 <= bytes.count else { throw TestKitError("multipart body ends early") }
            if bytes[position] == UInt8(ascii: "-") && bytes[position + 1] == UInt8(ascii: "-") { return parts }
            position += 2
            guard let headEnd = LoopbackSocket.find([13, 10, 13, 10], in: bytes, from: position),
                  let next = LoopbackSocket.find(delimiter, in: bytes, from: headEnd + 4) else {
                throw TestKitError("multipart part without an end")
            }
            let head = String(decoding: bytes[position..<headEnd], as: UTF8.self)
            parts.append(try Self.part(head: head, data: Array(bytes[(headEnd + 4)..<next])))
            position = next
        }
    }

    /// The fields of an application/x-www-form-urlencoded body, in order.
    public func formFields() -> [(name: String, value: String)] {
        PercentDecoding.pairs(text)
    }

    /// The first value of form field `name`.
    public func formField(_ name: String) -> String? {
        formFields().first { $0.name == name }?.value
    }

    /// The body parsed as JSON.
    public func jsonBody() throws(JSONError) -> JSON {
        try JSON.parse(bytes: body)
    }

    private static func part(head: String, data: [UInt8]) throws(TestKitError) -> LoopbackMultipartPart {
        var disposition = ""
        var contentType: String?
        for line in head.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " ")
            switch line[..<colon].lowercased() {
            case "content-disposition": disposition = value
            case "content-type": contentType = value
            default: break
            }
        }
        guard let name = parameter("name", in: disposition) else { throw TestKitError("multipart part without a name: \(head)") }
        return LoopbackMultipartPart(name: name, filename: parameter("filename", in: disposition), contentType: contentType, data: data)
    }

    /// The value of `; key=value` or `; key="value"` in a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let trimmed = piece.trimmingCharacters(in: " ")
            guard trimmed.lowercased().hasPrefix(key + "=") else { continue }
            var value = Substring(trimmed.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
