import Foundation

/// A value put into a message's named placeholder, formatted for the reader's language.
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Text inserted as is (a piece's name, a command).
    case text(String)
    /// A whole number, grouped by the language's rules ("1,234" / "1.234").
    case integer(Int)
    /// A number with a fixed count of fraction digits (0–6).
    case decimal(Double, fractionDigits: Int)
    /// An amount in a currency given by its ISO 4217 code ("EUR"): "€12.50" in English, "12,50 €" in German.
    case price(Double, currency: String)
    /// A day, written the language's way ("Dec 1, 2026", "01.12.2026"), in `timeZone`.
    case date(Date, timeZone: TimeZone)

    /// A text argument from a literal.
    public init(stringLiteral value: String) { self = .text(value) }
    /// A whole-number argument from a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// The text shown for this value in `language`.
    public func formatted(in language: Language) -> String {
        NumberText.format(self, in: language)
    }
}
