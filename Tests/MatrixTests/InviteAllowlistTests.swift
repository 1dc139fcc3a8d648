import Matrix
import Testing

@Suite struct InviteAllowlistTests {
    let allowlist = InviteAllowlist(["@ana:example.org", "friends.net", " ", "Example.COM"])

    @Test func listedUsersAreAllowed() {
        #expect(allowlist.allows("@ana:example.org"))
        #expect(!allowlist.allows("@bob:example.org"))
    }

    @Test func everyoneOnAListedServerIsAllowedIgnoringCase() {
        #expect(allowlist.allows("@bob:friends.net"))
        #expect(allowlist.allows("@eve:example.com"))
        #expect(!allowlist.allows("@bob:evil-friends.net"))
        #expect(!allowlist.allows("@bob:friends.net.evil.org"))
    }

    @Test func anEmptyListAllowsNobody() {
        #expect(!InviteAllowlist([]).allows("@ana:example.org"))
    }
}
