/// A price a person typed ("1.299,00 €", "$20", "49,90 EUR", "1,000"), read with the same rules the
/// importer uses for shop pages, so "/edit 3 price" understands what shops print.
public enum PriceText {
    /// What was typed: the amount and the currency it names, if any.
    public struct Reading: Sendable, Equatable {
        /// The amount, finite and within 0…10,000,000.
        public let amount: Double
        /// An ISO 4217 code from a code or a symbol, nil when the text names none.
        public let currency: String?
        /// Whether the text has letters or symbols besides the amount that name no currency ("20 XYZ").
        public let hasUnknownCurrency: Bool
    }

    /// The reading of `text`, or nil when it holds no amount (or more than 30 bytes).
    public static func read(_ text: String) -> Reading? {
        let trimmed = text.trimmed
        guard (1...30).contains(trimmed.utf8.count) else { return nil }
        let amount: Double
        if let value = PriceParser.amount(trimmed) {
            amount = value
        } else if trimmed.contains("0"), trimmed.allSatisfy({ $0 == "0" || $0 == "." || $0 == "," || !$0.isNumber }) {
            amount = 0  // "0", "0,00 €": a gift costs nothing, which a shop's page never says
        } else {
            return nil
        }
        // An amount is one number: "2 x 12" or "12-15" is not a price.
        let numbers = trimmed.split(whereSeparator: { !($0.isNumber || $0 == "." || $0 == "," || $0 == "'" || $0 == " ") })
            .filter { $0.contains(where: \.isNumber) }
        guard numbers.count == 1 else { return nil }
        let currency = PriceParser.currency(trimmed)
        let rest = trimmed.filter { !($0.isNumber || $0 == "." || $0 == "," || $0 == "'" || $0.isWhitespace) }
        return Reading(amount: amount, currency: currency, hasUnknownCurrency: currency == nil && !rest.isEmpty)
    }
}
