import Testing
@testable import HTTP

@Suite struct AddressPolicyTests {
    @Test(arguments: ["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1"])
    func publicIPv4AddressesAreAllowed(address: String) {
        #expect(AddressPolicy.check(address) == nil)
    }

    @Test(arguments: [
        ("127.0.0.1", Refusal.Reason.loopback), ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork),
        ("172.31.255.255", .privateNetwork), ("192.168.1.1", .privateNetwork), ("169.254.10.1", .linkLocal),
        ("169.254.169.254", .cloudMetadata), ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("224.0.0.1", .multicast), ("0.0.0.0", .unspecified), ("0.1.2.3", .reserved), ("255.255.255.255", .broadcast),
        ("240.0.0.1", .reserved), ("192.0.2.10", .documentation), ("198.18.0.1", .reserved),
    ])
    func nonPublicIPv4AddressesAreRefused(address: String, reason: Refusal.Reason) {
        #expect(AddressPolicy.check(address)?.reason == reason)
    }

    @Test(arguments: ["2606:4700:4700::1111", "2a00:1450:4001:82b::200e", "[2001:4860:4860::8888]"])
    func publicIPv6AddressesAreAllowed(address: String) {
        #expect(AddressPolicy.check(address) == nil)
    }

    @Test(arguments: [
        ("::1", Refusal.Reason.loopback), ("::", .unspecified), ("fc00::1", .privateNetwork), ("fd12:3456::1", .privateNetwork),
        ("fe80::1%eth0", .linkLocal), ("ff02::1", .multicast), ("fd00:ec2::254", .cloudMetadata), ("2001:db8::1", .documentation),
        ("2001:0:4136:e378::1", .reserved), ("::2:3:4:5:6", .reserved),
    ])
    func nonPublicIPv6AddressesAreRefused(address: String, reason: Refusal.Reason) {
        #expect(AddressPolicy.check(address)?.reason == reason)
    }

    @Test(arguments: [
        ("::ffff:127.0.0.1", Refusal.Reason.loopback), ("::ffff:7f00:1", .loopback), ("::ffff:169.254.169.254", .cloudMetadata),
        ("::ffff:10.0.0.1", .privateNetwork), ("::127.0.0.1", .loopback), ("64:ff9b::192.168.0.1", .privateNetwork),
        ("2002:c0a8:0101::1", .privateNetwork), ("2002:7f00:1::", .loopback),
    ])
    func ipv4HiddenInIPv6IsCheckedAsIPv4(address: String, reason: Refusal.Reason) {
        #expect(AddressPolicy.check(address)?.reason == reason)
    }

    @Test func mappedPublicAddressesAreAllowed() {
        #expect(AddressPolicy.allows("::ffff:93.184.216.34"))
        #expect(AddressPolicy.allows("64:ff9b::8.8.8.8"))
        #expect(AddressPolicy.allows("2002:5db8:d822::1"))
    }

    @Test(arguments: ["localhost", "2130706433", "0x7f.0.0.1", "127.1", "", "1.2.3.4.5", "::ffff:999.1.1.1"])
    func anythingThatIsNotAStrictIPLiteralIsRefused(address: String) {
        #expect(AddressPolicy.check(address)?.reason == .invalid)
    }

    @Test func refusalsNameTheReason() throws {
        let refusal = try #require(AddressPolicy.check("192.168.0.1"))
        #expect(refusal.description == "192.168.0.1 refused: private network")
        #expect(HTTPError.refusedAddress(refusal.description).userMessage.contains("private or local address"))
    }

    @Test func hostNamesWithNULOrControlCharactersAreRefusedBeforeTheResolver() {
        for host in ["example.com\u{0}.evil", "exa\u{1B}mple.com", "a b.com", "tab\t.com", "\u{85}x.com", "", String(repeating: "a", count: 300)] {
            #expect(throws: HTTPError.couldNotResolveHost("host name is empty, too long or contains control characters"), "\(host.debugDescription)") {
                try HostResolver.resolve(host: host)
            }
        }
    }

    @Test func theGuardPinsAPublicAddressAndRefusesPrivateOnes() async throws {
        let lookup = StaticLookup(answers: ["cdn.test": ["10.0.0.7", "93.184.216.34"], "inside.test": ["127.0.0.1", "169.254.169.254"]])
        let guarded = AddressGuard(lookup: lookup)
        #expect(try await guarded.pin(url: "https://cdn.test/result/1.png") == HTTPResolvePin(host: "cdn.test", port: 443, addresses: ["93.184.216.34"]))
        await #expect(throws: HTTPError.self) { try await guarded.pin(url: "http://inside.test:8080/x.png") }
        await #expect(throws: HTTPError.self) { try await guarded.pin(url: "http://127.0.0.1/x.png") }
        await #expect(throws: HTTPError.self) { try await guarded.pin(url: "http://[::1]:9/x.png") }
        let open = AddressGuard(allowPrivateNetworks: true, lookup: lookup)
        #expect(try await open.pin(url: "http://inside.test:8080/x.png").addresses == ["127.0.0.1"])
    }

    @Test func urlsThatParsersCouldReadDifferentlyAreRefused() {
        for url in ["http://public.test@10.0.0.1/", "http://public.test\\@10.0.0.1/", "http://pub lic.test/", "ftp://public.test/",
                    "http://public.test:99999/", "http:///nohost", "http://exa\u{0}mple.com/", "http://ex%61mple.com/"] {
            #expect(URLParts(url) == nil, "\(url.debugDescription)")
        }
        #expect(URLParts("https://cdn.test/a?b=c") == URLParts("https://cdn.test:443/"))
        #expect(URLParts("http://[2001:db8::1]:8080/x")?.port == 8080)
    }

    @Test func theResolverReturnsEveryAddressOfAHost() throws {
        let addresses = try HostResolver.resolve(host: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { AddressPolicy.check($0)?.reason == .loopback })
        #expect(try HostResolver.resolve(host: "[::1]") == ["::1"])
    }

    @Test func unknownHostsFailWithATypedError() {
        #expect(throws: HTTPError.self) { try HostResolver.resolve(host: "no-such-host.invalid") }
    }
}

/// DNS answers chosen by the test.
struct StaticLookup: HostLookup {
    let answers: [String: [String]]
    func addresses(of host: String) async throws -> [String] {
        if let answer = answers[host] { return answer }
        return try HostResolver.resolve(host: host)
    }
}
