import Secrets
import Testing

@Suite struct SecretHintTests {
    // Letters that never occur in the hint text, so finding one would mean a character leaked.
    @Test(arguments: ["", "Q", "QZXJ", "QZXJQZXJQZXJQZX"])
    func aShortSecretShowsNoneOfItsCharacters(secret: String) {
        let hint = SecretHint.describe(secret)
        #expect(hint.contains("under 16 characters"))
        #expect(!hint.contains("…"))
        #expect(!hint.contains { "QZXJ".contains($0) })
    }

    @Test func aLongSecretShowsOnlyItsLastFourCharacters() {
        let secret = "123456:AAbbCCddEEffGGhh-WXYZ"
        let hint = SecretHint.describe(secret)
        #expect(hint == "ends in …WXYZ")
        #expect(!hint.contains("hh-"))
    }
}
