/// Book numbers among product identifiers: an EAN-13 in GS1's "Bookland" (978 or 979, i.e. an ISBN-13), or on
/// Amazon an ISBN-10, each with a correct check digit. A page whose identifier is one sells a book (or, for 979-0, sheet
/// music), whatever its title's words suggest ("Der Mantel" is a novel there, not a coat).
enum BookNumber {
    /// Whether `identifier` (spaces and hyphens allowed, as "978-3-16-148410-0") is an ISBN-13, or with `tenDigits`
    /// an ISBN-10. Ten digits pass the ISBN-10 check one time in eleven by chance (H&M's article "0669091022" does),
    /// so they count only where identifiers are ISBN-10s by rule: Amazon's ASIN of a printed book.
    static func isBookNumber(_ identifier: String, tenDigits: Bool = false) -> Bool {
        guard identifier.utf8.count <= 24 else { return false }
        let characters = identifier.uppercased().filter { $0 != "-" && $0 != " " }
        if characters.count == 13, characters.hasPrefix("978") || characters.hasPrefix("979") {
            let digits = characters.compactMap(\.wholeNumberValue)
            guard digits.count == 13, characters.allSatisfy(\.isASCII) else { return false }
            let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            return sum % 10 == 0
        }
        if tenDigits, characters.count == 10, characters.allSatisfy(\.isASCII) {
            // ISBN-10: nine digits and a check digit (0–9 or X) with the weighted sum divisible by 11. Amazon's ASIN
            // of a printed book is its ISBN-10; other ASINs start with "B0" and fail here.
            var sum = 0
            for (index, character) in characters.enumerated() {
                let value: Int
                if let digit = character.wholeNumberValue { value = digit } else if character == "X", index == 9 { value = 10 } else { return false }
                sum += value * (10 - index)
            }
            return sum % 11 == 0
        }
        return false
    }
}
