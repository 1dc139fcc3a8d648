import Secrets
import Testing

@Suite struct SecretNameTests {
    @Test func aUsersKeyNameReadsAsUserIdThenService() {
        #expect(SecretName.user("telegram:123", service: "openrouter") == "user.telegram:123.openrouter")
        #expect(SecretName.userPrefix("telegram:123") == "user.telegram:123.")
    }

    @Test func dotsInUserIdsAreEscapedSoPrefixesNeverOverlap() {
        let ann = SecretName.userPrefix("@ann:example.org")
        let evil = SecretName.user("@ann:example.org.evil", service: "openrouter")
        #expect(ann == "user.@ann:example%2Eorg.")
        #expect(!evil.hasPrefix(ann))
        #expect(SecretName.userPrefix("a%2Eb") != SecretName.userPrefix("a.b"))
    }

    @Test func namesWithoutSpacesOrControlCharactersAreValid() {
        #expect(SecretName.isValid("user.@ann:example%2Eorg.openrouter"))
        #expect(!SecretName.isValid(""))
        #expect(!SecretName.isValid("a b"))
        #expect(!SecretName.isValid(String(repeating: "x", count: 257)))
    }
}
