/// Reads prices written by shops: "49.95", "49,95 €", "1.299,00", "$1,299.00", "EUR 12".
enum PriceParser {
    /// The amount in `text`, or nil when it holds no number.
    static func amount(_ text: String) -> Double? {
        guard text.utf8.count <= 200 else { return nil }
        // Plain machine numbers ("1299.000" from a feed) are taken as they are.
        if let plain = Double(text.trimmed) { return isSane(plain) ? plain : nil }
        let kept = text.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard kept.contains(where: \.isNumber) else { return nil }
        let lastDot = kept.lastIndex(of: ".")
        let lastComma = kept.lastIndex(of: ",")
        var normalized: String
        switch (lastDot, lastComma) {
        case let (dot?, comma?):
            // The later separator is the decimal one: "1.299,00" or "1,299.00".
            normalized = dot > comma ? kept.replacingOccurrences(of: ",", with: "")
                : kept.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        case (nil, let comma?):
            // "49,95" is decimal; "1,299" (three digits after) is a thousands separator.
            let digitsAfter = kept.distance(from: comma, to: kept.endIndex) - 1
            let commas = kept.filter { $0 == "," }.count
            normalized = digitsAfter == 3 || commas > 1 ? kept.replacingOccurrences(of: ",", with: "")
                : kept.replacingOccurrences(of: ",", with: ".")
        case (let dot?, nil):
            let digitsAfter = kept.distance(from: dot, to: kept.endIndex) - 1
            let dots = kept.filter { $0 == "." }.count
            normalized = dots > 1 || (digitsAfter == 3 && kept.count > 4 && !kept.hasPrefix("0")) ? kept.replacingOccurrences(of: ".", with: "") : kept
        case (nil, nil):
            normalized = kept
        }
        normalized = String(normalized.trimmingPrefix { $0 == "." })
        guard let value = Double(normalized), isSane(value) else { return nil }
        return value
    }

    /// The highest price accepted from a page; anything above is a misread, not a price.
    static let maximum = 10_000_000.0

    /// Whether two prices are the same to the cent.
    static func samePrice(_ left: Double, _ right: Double) -> Bool { abs(left - right) < 0.005 }

    /// Whether `value` can be a price: finite, above zero and at most `maximum`. Shops publish 0
    /// (and "-0") where no price is set yet, "price on request" or a variant not chosen; as a price
    /// it would read "0.00" on the card and hide the price the buy box shows.
    static func isSane(_ value: Double) -> Bool {
        value.isFinite && value > 0 && value <= maximum
    }

    /// The price a shopper pays in visible text: the first amount, so "€20 – €40" and
    /// "from €20" give 20, and "2 × 12,50 €" style installment text is refused.
    static func visibleAmount(_ text: String) -> Double? {
        let lowered = text.lowercased()
        guard text.count <= 80, !installmentMarkers.contains(where: lowered.includes) else { return nil }
        var number = ""
        var started = false
        for character in text {
            if character.isASCII && character.isNumber {
                started = true
                number.append(character)
            } else if started && (character == "." || character == "," || character == "'" || character == "\u{2009}" || character == "\u{202F}" || character == "\u{00A0}") {
                number.append(character)
            } else if started && character == " " {
                // "1 299,00 €": a space between digit groups is a thousands separator.
                number.append(character)
            } else if started {
                break
            }
        }
        let digits = number.filter { $0 != " " && $0 != "'" && $0 != "\u{2009}" && $0 != "\u{202F}" && $0 != "\u{00A0}" }
        // A trailing "1.299, " keeps its separators only when digits follow them.
        let trimmed = String(digits.reversed().drop { !$0.isNumber }.reversed())
        return trimmed.isEmpty ? nil : amount(trimmed)
    }

    /// Words that make a visible amount an installment or a unit price, not the price.
    private static let installmentMarkers = [
        "×", " x ", "/mo", "month", "monat", "mois", "mes", "mese", "/kg", "/ kg", "/l", "/ l", "/100", "per ", "pro ", "/m",
        "klarna", "afterpay", "installment", "rate", "raten", "%", "月々", "分割", "/月", "할부", "分期",
    ]

    /// A currency code from a code or a symbol in `text` ("EUR", "€", "£", "US$").
    static func currency(_ text: String) -> String? {
        let letters = text.filter(\.isLetter).uppercased()
        // Three letters are a currency only when they name one: "EAN13 : 978…" is not priced in "EAN".
        if letters.count == 3, isoCodes.contains(letters) { return letters }
        for (symbol, code) in symbols where text.includes(symbol) { return code }
        // Letter abbreviations count only as a word of their own: "299,99 TL", "12 990 Ft", "RM 49.90".
        if text.utf8.count <= 40, text.contains(where: \.isLetter) {
            for word in text.split(whereSeparator: { !$0.isLetter }) {
                if let code = wordSymbols[String(word)] { return code }
            }
        }
        return nil
    }

    /// Currency abbreviations that are ordinary letters, matched as whole words with their case.
    private static let wordSymbols: [String: String] = ["TL": "TRY", "Ft": "HUF", "lei": "RON", "Lei": "RON", "RM": "MYR", "Rp": "IDR", "лв": "BGN"]

    /// ISO 4217 codes shops print beside amounts.
    private static let isoCodes: Set<String> = [
        "EUR", "USD", "GBP", "CHF", "CAD", "AUD", "NZD", "JPY", "CNY", "HKD", "TWD", "KRW", "SGD", "INR", "IDR", "MYR", "THB",
        "VND", "PHP", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "RUB", "UAH", "ILS", "AED", "SAR",
        "ZAR", "BRL", "MXN", "ARS", "CLP", "COP", "PEN", "EGP", "NGN", "KES", "QAR", "KWD", "PKR", "BDT", "LKR",
        "LBP", "JOD", "OMR", "BHD", "MAD", "TND", "DZD", "IQD", "IRR", "GEL", "AMD", "AZN", "KZT", "UZS", "RSD", "MKD",
        "BAM", "MDL", "BYN", "NPR", "MMK", "KHR", "MNT", "MOP", "BND", "XOF", "XAF", "GHS", "UGX", "TZS", "ETB",
        "MUR", "JMD", "TTD", "DOP", "GTQ", "CRC", "PAB", "UYU", "PYG", "BOB", "HRK",
    ]

    private static let symbols: [(String, String)] = [
        ("€", "EUR"), ("£", "GBP"), ("CHF", "CHF"), ("US$", "USD"), ("A$", "AUD"), ("C$", "CAD"), ("NT$", "TWD"), ("HK$", "HKD"),
        ("R$", "BRL"), ("₩", "KRW"), ("원", "KRW"), ("円", "JPY"), ("¥", "JPY"), ("￥", "JPY"), ("元", "CNY"), ("₹", "INR"), ("₺", "TRY"),
        ("₽", "RUB"), ("₪", "ILS"), ("฿", "THB"), ("₫", "VND"), ("Kč", "CZK"), ("kr", "SEK"), ("zł", "PLN"), ("$", "USD"),
    ]
}
