/// What a confirmation may show of a stored secret, so an operator can tell keys apart without revealing one.
public enum SecretHint {
    /// Secrets shorter than this show no characters at all: four characters of a short secret are most of it.
    public static let minimumLengthForSuffix = 16

    /// "ends in …WXYZ" for a long secret; for a short one only its length class, never a character.
    public static func describe(_ value: String) -> String {
        let count = value.count
        guard count >= minimumLengthForSuffix else {
            return "short: under \(minimumLengthForSuffix) characters, none shown"
        }
        return "ends in …\(value.suffix(4))"
    }
}
