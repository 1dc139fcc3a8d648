@testable import HTTP

/// Response header lines as libcurl hands them over, then a request built from what was read:
/// header fields and a multipart form whose names, file names and types come from the input.
///
/// Input: header lines (CRLF or LF); after a NUL byte, multipart parts separated by NUL, each
/// `name`, `filename` and `content type` on one line separated by tabs, the data after the first newline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHeadersAndMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let sections = input.bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    var headers = HTTPHeaders()
    for line in sections[0].split(separator: 0x0A, omittingEmptySubsequences: false) {
        let parsed = Array(line + [0x0A]).withUnsafeBytes { HeaderLine($0) }
        switch parsed {
        case .status: headers = HTTPHeaders()
        case .field(let name, let value): headers.add(name, value)
        case .other: break
        }
    }
    for field in headers {
        _ = headers[field.name]
        _ = headers.values(for: field.name)
    }
    _ = headers.description
    var parts: [MultipartPart] = []
    if sections.count > 1 {
        for chunk in sections[1].split(separator: 0, omittingEmptySubsequences: false).prefix(16) {
            let lines = chunk.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
            let fields = lines[0].split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            parts.append(MultipartPart(
                name: fields[0], filename: fields.count > 1 ? fields[1] : nil, contentType: fields.count > 2 ? fields[2] : nil,
                data: lines.count > 1 ? Array(lines[1]) : []))
        }
    }
    var request = HTTPRequest(method: .post, url: "https://upload.example/api", headers: headers, body: parts.isEmpty ? .empty : .multipart(parts))
    request.userAgent = headers["User-Agent"]
    try? CurlEasy().configure(request, HTTPClient.Configuration())
    return 0
}
