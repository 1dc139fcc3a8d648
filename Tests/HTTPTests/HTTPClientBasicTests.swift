import HTTP
import JSON
import Testing
import WardrobeTestKit

@Suite("HTTP client: basic exchanges")
struct HTTPClientBasicTests {
    let client = HTTPClient()

    @Test("A GET returns the status, headers and body the server sent")
    func getReturnsResponse() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(status: 200, headers: [("Content-Type", "text/plain"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")],
                             body: Array("hello".utf8))
        }
        defer { server.stop() }
        let response = try await client.send(HTTPRequest(url: server.url("/hello?x=1")))
        #expect(response.status == 200)
        #expect(response.text == "hello")
        #expect(response.headers["content-type"] == "text/plain")
        #expect(response.headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(response.effectiveURL == server.url("/hello?x=1"))
        #expect(server.requests.first?.method == "GET")
        #expect(server.requests.first?.query("x") == "1")
    }

    @Test("A POST sends its JSON body and headers, and reads a JSON answer")
    func postSendsJSON() async throws {
        let server = try LoopbackHTTPServer { request in
            let name = (try? request.jsonBody())?["name"]?.string ?? "?"
            return .json(["greeting": .string("hi \(name)")])
        }
        defer { server.stop() }
        var request = HTTPRequest(method: .post, url: server.url("/echo"), headers: ["X-Trace": "abc"],
                                  body: .json(#"{"name":"Ann"}"#))
        request.userAgent = "WardrobeTests/1"
        let response = try await client.send(request)
        #expect(try JSON.parse(bytes: response.body)["greeting"]?.string == "hi Ann")
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.header("content-type") == "application/json")
        #expect(received.header("x-trace") == "abc")
        #expect(received.header("user-agent") == "WardrobeTests/1")
        #expect(received.header("expect") == nil)
    }

    @Test("A urlencoded form arrives as decoded fields")
    func formIsEncoded() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        let fields: [(name: String, value: String)] = [("chat_id", "42"), ("text", "Rock & roll = 100% 👗")]
        _ = try await client.send(HTTPRequest(method: .post, url: server.url("/send"), body: .form(fields)))
        let received = try #require(server.requests.first)
        #expect(received.header("content-type") == "application/x-www-form-urlencoded")
        #expect(received.formField("text") == "Rock & roll = 100% 👗")
        #expect(received.formField("chat_id") == "42")
    }

    @Test("Other methods and an error status come back as plain responses")
    func methodsAndErrorStatus() async throws {
        let server = try LoopbackHTTPServer { request in
            request.method == "DELETE" ? .text("gone", status: 404) : .text("fine")
        }
        defer { server.stop() }
        let deleted = try await client.send(HTTPRequest(method: .delete, url: server.url("/item/1")))
        #expect(deleted.status == 404)
        #expect(!deleted.isSuccess)
        let put = try await client.send(HTTPRequest(method: .put, url: server.url("/item/1"), body: .text("new")))
        #expect(put.status == 200)
        let head = try await client.send(HTTPRequest(method: .head, url: server.url("/item/1")))
        #expect(head.body.isEmpty)
        #expect(server.requests.map(\.method) == ["DELETE", "PUT", "HEAD"])
        #expect(server.requests[1].text == "new")
    }

    @Test("Sequential requests reuse one kept-alive connection")
    func keepAlive() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        for _ in 0..<3 { _ = try await client.send(HTTPRequest(url: server.url("/"))) }
        #expect(server.requests.count == 3)
        #expect(server.connectionCount == 1)
    }

    @Test("A resolve pin sends a made-up host name to the loopback address")
    func resolvePin() async throws {
        let server = try LoopbackHTTPServer { _ in .text("pinned") }
        defer { server.stop() }
        var request = HTTPRequest(url: "http://shop.wardrobe.test:\(server.port)/product")
        request.resolve = [HTTPResolvePin(host: "shop.wardrobe.test", port: server.port, addresses: ["127.0.0.1"])]
        let response = try await client.send(request)
        #expect(response.text == "pinned")
        #expect(server.requests.first?.header("host") == "shop.wardrobe.test:\(server.port)")
    }

    @Test("The server also listens on IPv6 loopback")
    func ipv6Loopback() async throws {
        let server = try LoopbackHTTPServer(ipv6: true) { _ in .text("six") }
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("http://[::1]:"))
        #expect(try await client.send(HTTPRequest(url: server.url("/"))).text == "six")
        var pinned = HTTPRequest(url: "http://six.wardrobe.test:\(server.port)/")
        pinned.resolve = [HTTPResolvePin(host: "six.wardrobe.test", port: server.port, addresses: ["::1"])]
        #expect(try await client.send(pinned).text == "six")
    }

    @Test("A configured proxy receives the request in absolute form")
    func explicitProxy() async throws {
        let proxy = try LoopbackHTTPServer { _ in .text("via proxy") }
        defer { proxy.stop() }
        let proxied = HTTPClient(configuration: .init(proxy: .url(proxy.baseURL)))
        let response = try await proxied.send(HTTPRequest(url: "http://catalog.wardrobe.test/item"))
        #expect(response.text == "via proxy")
        #expect(proxy.requests.first?.target == "http://catalog.wardrobe.test/item")
    }

    @Test("A pinned request goes straight to its pinned address, past any proxy")
    func pinnedRequestSkipsProxy() async throws {
        let proxy = try LoopbackHTTPServer { _ in .text("via proxy") }
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer { _ in .text("direct") }
        defer { server.stop() }
        let proxied = HTTPClient(configuration: .init(proxy: .url(proxy.baseURL)))
        var request = HTTPRequest(url: "http://shop.wardrobe.test:\(server.port)/product")
        request.resolve = [HTTPResolvePin(host: "shop.wardrobe.test", port: server.port, addresses: ["127.0.0.1"])]
        #expect(try await proxied.send(request).text == "direct")
        #expect(proxy.requests.isEmpty)
    }

    @Test("A chunked request body reaches the server whole")
    func chunkedUpload() async throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        defer { server.stop() }
        let bytes = sampleBytes(5000)
        _ = try await client.send(HTTPRequest(method: .post, url: server.url("/upload"),
                                              headers: ["Transfer-Encoding": "chunked"],
                                              body: .bytes(bytes, contentType: "application/octet-stream")))
        #expect(server.requests.first?.header("transfer-encoding") == "chunked")
        #expect(server.requests.first?.body == bytes)
    }
}
