import Foundation

/// Locale-aware numbers, prices and dates through Foundation's ICU-backed format styles.
///
/// Checked on Linux (swift-corelibs with ICU data): "€1,234.50", "1.234,50 €", "1 234,50 €".
/// Arguments arrive from the bot's own code, but a price or a decimal may come from an imported page,
/// so non-finite values and wild digit counts are clamped instead of trusted.
enum NumberText {
    static func format(_ argument: MessageArgument, in language: Language) -> String {
        let locale = Locale(identifier: language.localeIdentifier)
        switch argument {
        case .text(let text):
            return text
        case .integer(let value):
            return value.formatted(.number.locale(locale))
        case .decimal(let value, let digits):
            guard value.isFinite else { return "–" }
            let places = min(max(digits, 0), 6)
            return value.formatted(.number.locale(locale).precision(.fractionLength(places)))
        case .price(let value, let currency):
            guard value.isFinite else { return "–" }
            let code = currency.count == 3 && currency.allSatisfy({ $0.isASCII && $0.isLetter }) ? currency.uppercased() : "EUR"
            return value.formatted(.currency(code: code).locale(locale))
        case .date(let date, let zone):
            var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: zone)
            style.calendar = Calendar(identifier: .gregorian)
            return date.formatted(style)
        }
    }
}
