import Secrets
import Testing

@Suite struct SecretHintTests {
    @Test(arguments: ["", "a", "abcd", "abcdefghijklmno"])
    func aShortSecretShowsNoneOfItsCharacters(secret: String) {
        let hint = SecretHint.describe(secret)
        #expect(hint.contains("under 16 characters"))
        #expect(!hint.contains("…"))
        if let last = secret.last { #expect(!hint.contains(last)) }
    }

    @Test func aLongSecretShowsOnlyItsLastFourCharacters() {
        let secret = "123456:AAbbCCddEEffGGhh-WXYZ"
        let hint = SecretHint.describe(secret)
        #expect(hint == "ends in …WXYZ")
        #expect(!hint.contains("hh-"))
    }
}
