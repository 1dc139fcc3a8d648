import Foundation
import HTTP
import ProductImport
import Synchronization
import Testing
import WardrobeTestKit

/// A scripted transport that records the pinned requests it was asked to make.
final class ScriptedTransport: HTTPTransport {
    private let script: Mutex<[HTTPResponse]>
    private let seen = Mutex<[HTTPRequest]>([])

    init(_ responses: [HTTPResponse]) { script = Mutex(responses) }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        seen.withLock { $0.append(request) }
        return script.withLock { $0.isEmpty ? HTTPResponse(status: 500, headers: [:], body: [], effectiveURL: request.url, redirectLocation: nil) : $0.removeFirst() }
    }

    var requests: [HTTPRequest] { seen.withLock { $0 } }
}

/// DNS answers chosen by the test.
struct FixedLookup: HostLookup {
    let answers: [String: [String]]
    func addresses(of host: String) async throws -> [String] { answers[host] ?? [] }
}

@Suite struct FetcherTests {
    static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 302, headers: ["Location": location], body: [], effectiveURL: "", redirectLocation: location)
    }

    @Test func aRedirectToAPrivateAddressIsRefusedBeforeConnecting() async throws {
        let transport = ScriptedTransport([Self.redirect(to: "http://intranet.shop.test/admin")])
        let lookup = FixedLookup(answers: ["shop.test": ["93.184.216.34"], "intranet.shop.test": ["10.0.0.5"]])
        let fetcher = ProductFetcher(configuration: .init(), http: transport, lookup: lookup)
        await #expect(throws: FetchError.self) { try await fetcher.page("https://shop.test/p/1") }
        #expect(transport.requests.count == 1, "the private hop was never requested")
        #expect(transport.requests[0].resolve == [HTTPResolvePin(host: "shop.test", port: 443, addresses: ["93.184.216.34"])])
        #expect(transport.requests[0].followRedirects == false, "redirects are followed by the fetcher, hop by hop")
    }

    @Test func theConnectionIsPinnedToACheckedAddressWhenDNSAlsoAnswersPrivateOnes() async throws {
        let page = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Array("<html></html>".utf8), effectiveURL: "", redirectLocation: nil)
        let transport = ScriptedTransport([page])
        let lookup = FixedLookup(answers: ["shop.test": ["127.0.0.1", "::ffff:10.1.2.3", "93.184.216.34"]])
        let fetcher = ProductFetcher(configuration: .init(), http: transport, lookup: lookup)
        _ = try await fetcher.page("http://shop.test/p")
        #expect(transport.requests.first?.resolve.first?.addresses == ["93.184.216.34"])
    }

    @Test(arguments: ["127.0.0.1", "::1", "::ffff:127.0.0.1", "169.254.169.254", "fd00:ec2::254", "100.64.0.1", "fe80::1", "0.0.0.0"])
    func hostsResolvingOnlyToRefusedAddressesAreNeverContacted(address: String) async throws {
        let transport = ScriptedTransport([])
        let fetcher = ProductFetcher(configuration: .init(), http: transport, lookup: FixedLookup(answers: ["evil.test": [address]]))
        do {
            _ = try await fetcher.page("https://evil.test/")
            Issue.record("expected a refusal")
        } catch {
            guard case .refusedAddress = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.userMessage.contains("private network"))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func onlyHTTPAndHTTPSLinksAreFetched() async {
        let fetcher = ProductFetcher(configuration: .init(), http: ScriptedTransport([]), lookup: FixedLookup(answers: [:]))
        for link in ["file:///etc/passwd", "ftp://shop.test/x", "gopher://x", "not a link"] {
            await #expect(throws: FetchError.self) { try await fetcher.page(link) }
        }
    }

    @Test func redirectLoopsStopAtTheLimit() async {
        let transport = ScriptedTransport(Array(repeating: Self.redirect(to: "/again"), count: 10))
        var configuration = ProductFetcher.Configuration()
        configuration.maxRedirects = 5
        let fetcher = ProductFetcher(configuration: configuration, http: transport, lookup: FixedLookup(answers: ["shop.test": ["93.184.216.34"]]))
        await #expect(throws: FetchError.tooManyRedirects(5)) { try await fetcher.page("https://shop.test/") }
        #expect(transport.requests.count == 6)
    }

    @Test func pagesThatAreNotHTMLAreRefused() async {
        let pdf = HTTPResponse(status: 200, headers: ["Content-Type": "application/pdf"], body: [1, 2], effectiveURL: "", redirectLocation: nil)
        let fetcher = ProductFetcher(configuration: .init(), http: ScriptedTransport([pdf]), lookup: FixedLookup(answers: ["shop.test": ["93.184.216.34"]]))
        await #expect(throws: FetchError.wrongContentType("application/pdf")) { try await fetcher.page("https://shop.test/catalogue.pdf") }
    }

    @Test func theSizeCapAndTimeoutHoldAgainstALoopbackServer() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow"
                ? LoopbackResponse.text("<html></html>", contentType: "text/html").delayed(by: .seconds(5))
                : LoopbackResponse.text(String(repeating: "<p>x</p>", count: 200_000), contentType: "text/html")
        }
        defer { server.stop() }
        var configuration = ProductFetcher.Configuration()
        configuration.allowPrivateNetworks = true
        configuration.maxPageBytes = 100_000
        let fetcher = ProductFetcher(configuration: configuration, http: HTTPClient())
        await #expect(throws: FetchError.tooLarge(limit: 100_000)) { try await fetcher.page(server.url("/big")) }
        configuration.timeout = .milliseconds(800)
        let impatient = ProductFetcher(configuration: configuration, http: HTTPClient())
        await #expect(throws: FetchError.timeout) { try await impatient.page(server.url("/slow")) }
    }
}
