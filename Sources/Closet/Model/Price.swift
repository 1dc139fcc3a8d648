/// A price as the closet keeps it: a finite amount from 0 to `maximum`, with an optional ISO 4217 code.
///
/// Every price from a user, a closet file, a product page or the database passes through `init`,
/// so no later conversion (display, rounding to whole units) can meet infinity, NaN or 1e20.
public struct Price: Sendable, Hashable {
    /// The largest amount accepted: ten million units of any currency.
    public static let maximum: Double = 10_000_000

    /// The amount in `currency` units, finite and within 0…`maximum`.
    public let amount: Double
    /// A three-letter currency code such as "EUR", upper case; nil when unknown.
    public let currency: String?

    /// A checked price; throws `ClosetError.invalidPrice` for a non-finite, negative or too large
    /// amount, or a currency that is not three letters.
    public init(amount: Double, currency: String? = nil) throws(ClosetError) {
        guard amount.isFinite, amount >= 0, amount <= Self.maximum else { throw .invalidPrice(Self.describe(amount)) }
        self.amount = amount
        guard let currency else {
            self.currency = nil
            return
        }
        let code = currency.uppercased()
        guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw .invalidCurrency(String(currency.prefix(ItemField.currency.maximumLength + 5)))
        }
        self.currency = code
    }

    /// The amount as people write it: "79" when whole, else "79.90".
    public var formattedAmount: String {
        // Safe: `amount` is finite and at most 10^7, far inside Int's range.
        let cents = Int((amount * 100).rounded())
        return cents % 100 == 0 ? String(cents / 100) : "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
    }

    /// "79.90 EUR", or just the amount without a currency.
    public var formatted: String { currency.map { "\(formattedAmount) \($0)" } ?? formattedAmount }

    /// A short text for a refused amount, never longer than a few characters of the input.
    static func describe(_ amount: Double) -> String {
        amount.isNaN ? "not a number" : amount.isInfinite ? "infinite" : amount < 0 ? "negative" : "more than \(Int(maximum))"
    }
}
