import HTTP
import Testing
import WardrobeTestKit

@Suite("HTTP client: multipart and encoded bodies")
struct HTTPClientBodyTests {
    let client = HTTPClient()

    @Test("Multipart parts arrive with their names, file names, types and exact bytes")
    func multipart() async throws {
        let server = try LoopbackHTTPServer { _ in .text("stored") }
        defer { server.stop() }
        let photo = sampleBytes(70_000)
        let parts: [MultipartPart] = [
            .field("chat_id", "42"),
            .file("photo", filename: "shirt.jpg", contentType: "image/jpeg", data: photo),
            MultipartPart(name: "empty", filename: "empty.bin", contentType: "application/octet-stream", data: []),
        ]
        let response = try await client.send(HTTPRequest(method: .post, url: server.url("/sendPhoto"), body: .multipart(parts)))
        #expect(response.text == "stored")
        let received = try #require(server.requests.first).multipartParts()
        #expect(received.map(\.name) == ["chat_id", "photo", "empty"])
        #expect(received[0].text == "42")
        #expect(received[0].filename == nil)
        #expect(received[1].filename == "shirt.jpg")
        #expect(received[1].contentType == "image/jpeg")
        #expect(received[1].data == photo)
        #expect(received[2].data.isEmpty)
        #expect(received[2].filename == "empty.bin")
    }

    /// The client reuses easy handles; nothing of one request (method, headers, body, options) may reach the next.
    @Test("A request on a reused handle carries nothing of the one before")
    func reusedHandleStartsClean() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        var first = HTTPRequest(
            method: .put, url: server.url("/first"), headers: ["X-Trace": "one"],
            body: .multipart([.file("photo", filename: "a.jpg", contentType: "image/jpeg", data: sampleBytes(3_000))]))
        first.acceptEncoding = false
        _ = try await client.send(first)
        _ = try await client.send(HTTPRequest(url: server.url("/second")))
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].method == "PUT" && requests[0].header("x-trace") == "one" && !requests[0].body.isEmpty)
        #expect(requests[1].method == "GET" && requests[1].path == "/second")
        #expect(requests[1].header("x-trace") == nil)
        #expect(requests[1].body.isEmpty && requests[1].header("content-type") == nil)
        #expect(requests[1].header("accept-encoding")?.contains("gzip") == true)
    }

    @Test("A gzip-encoded body is decoded transparently")
    func gzipDecoded() async throws {
        let text = String(repeating: "A linen shirt, size M. ", count: 5_000)
        let server = try LoopbackHTTPServer { _ in .gzipped(Array(text.utf8)) }
        defer { server.stop() }
        let response = try await client.send(HTTPRequest(url: server.url("/page")))
        #expect(response.text == text)
        #expect(response.headers["content-encoding"] == "gzip")
        let offered = server.requests.first?.header("accept-encoding") ?? ""
        #expect(offered.contains("gzip"))
        #expect(offered.contains("br"))
    }

    @Test("With decoding turned off the gzip bytes come back untouched")
    func gzipNotRequested() async throws {
        let bytes = Array("raw".utf8)
        let server = try LoopbackHTTPServer { _ in .gzipped(bytes) }
        defer { server.stop() }
        var request = HTTPRequest(url: server.url("/page"))
        request.acceptEncoding = false
        let response = try await client.send(request)
        #expect(response.body == Gzip.encode(bytes))
        #expect(server.requests.first?.header("accept-encoding") == nil)
    }

    @Test("A chunked response is reassembled")
    func chunkedResponse() async throws {
        let body = sampleBytes(20_000)
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: body).delivered(.chunked(chunkSize: 3_000, interval: .milliseconds(5)))
        }
        defer { server.stop() }
        #expect(try await client.send(HTTPRequest(url: server.url("/chunks"))).body == body)
    }
}
