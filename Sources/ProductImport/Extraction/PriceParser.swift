/// Reads prices written by shops: "49.95", "49,95 €", "1.299,00", "$1,299.00", "EUR 12".
enum PriceParser {
    /// The amount in `text`, or nil when it holds no number. `machine` takes a plain number
    /// ("1299.000", "12.500" from a feed or a `content` attribute) as written; shop text reads
    /// "31.500" as thirty-one thousand five hundred.
    static func amount(_ text: String, machine: Bool = true) -> Double? {
        guard text.utf8.count <= 200 else { return nil }
        if machine, let plain = Double(text.trimmed) { return isSane(plain) ? plain : nil }
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
        // "３，９８０円": some Japanese shops print full-width digits.
        if hasFullWidthDigit(text) {
            return visibleAmount(String(String.UnicodeScalarView(text.unicodeScalars.map(halfWidth))))
        }
        let lowered = text.lowercased()
        guard text.count <= 80, !installmentMarkers.contains(where: lowered.includes), !countsInstallments(lowered) else { return nil }
        var number = ""
        var started = false
        var rest = Substring(text)
        // The letters written right before the current character: an amount glued to a word is one
        // only when the word is a currency ("RM49.90", "Rp10.000"); "$.X7" and "A1686" are not prices.
        var glued = ""
        for character in text {
            if character.isASCII && character.isNumber {
                if !started, !glued.isEmpty, currency(glued) == nil, !gluedSymbols.contains(glued) { return nil }
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
            // Only Latin letters: "税込3,980円" and "售價1280元" glue their words to prices.
            glued = character.isASCII && character.isLetter ? glued + String(character) : ""
            rest = rest.dropFirst()
        }
        let digits = number.filter { $0 != " " && $0 != "'" && $0 != "\u{2009}" && $0 != "\u{202F}" && $0 != "\u{00A0}" }
        // A trailing "1.299, " keeps its separators only when digits follow them.
        let trimmed = String(digits.reversed().drop { !$0.isNumber }.reversed())
        guard !trimmed.isEmpty else { return nil }
        // "35€99", "35€ 99": French shops put the cents after the symbol. After "€175 " the symbol starts another
        // amount ("€175 €88", a struck price beside the sale price).
        let ledBySymbol = text.prefix { !($0.isASCII && $0.isNumber) }.contains { "€£$".contains($0) }
        if trimmed.allSatisfy(\.isNumber), !ledBySymbol, let cents = centsAfterSymbol(rest), let whole = Double(trimmed) {
            let value = whole + cents / 100
            return isSane(value) ? value : nil
        }
        // A bare number ("12.500" in a `content` attribute) is machine-written; with a symbol or words it is shop text.
        let bare = text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0.isWhitespace }
        return amount(trimmed, machine: bare)
    }

    /// Currency letters shops glue to the amount that `currency` leaves to context ("R199" in South Africa).
    private static let gluedSymbols: Set<String> = ["R", "kr", "Kr"]

    /// Whether `text` is an amount in a local notation that names no currency, which the shop's
    /// domain settles: South Africa's "R 299" and "R299.00", the Nordic and German whole amounts
    /// "499,-", "49,–" and Sweden's "1 299:-".
    static func isLocalNotation(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 24, trimmed.contains(where: { $0.isASCII && $0.isNumber }) else { return false }
        for mark in [",-", ",–", ":-", ".-"] where trimmed.hasSuffix(mark) {
            return trimmed.dropLast(2).allSatisfy { ($0.isASCII && $0.isNumber) || $0 == " " || $0 == "." || $0 == "\u{00A0}" }
        }
        guard trimmed.hasPrefix("R") else { return false }
        let amount = trimmed.dropFirst().drop { $0 == " " || $0 == "\u{00A0}" }
        return amount.first?.isNumber == true && amount.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "." || $0 == " " }
    }

    /// Whether `text` holds a full-width digit ("３"); their UTF-8 starts with 0xEF, checked first.
    static func hasFullWidthDigit(_ text: String) -> Bool {
        text.utf8.contains(0xEF) && text.unicodeScalars.contains { (0xFF10...0xFF19).contains($0.value) }
    }

    /// A full-width digit, comma or full stop as its ASCII form; anything else as it is.
    private static func halfWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0xFF10...0xFF19: return Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!
        case 0xFF0C: return ","
        case 0xFF0E: return "."
        default: return scalar
        }
    }

    /// The two digits right after a currency symbol that follows the amount ("€99" in "35€99"), as a number.
    private static func centsAfterSymbol(_ rest: Substring) -> Double? {
        guard let symbol = rest.first, "€£$".contains(symbol) else { return nil }
        let after = rest.dropFirst().drop { $0 == " " || $0 == "\u{00A0}" }
        let cents = after.prefix { $0.isASCII && $0.isNumber }
        guard cents.count == 2, !after.dropFirst(2).hasPrefix(","), !after.dropFirst(2).hasPrefix(".") else { return nil }
        return Double(cents)
    }

    /// "12x de R$ 44,00", "3x 19,99 €", "10 x 5 €": a count of instalments before the amount.
    private static func countsInstallments(_ lowered: String) -> Bool {
        var previous: Character = " "
        var beforePrevious: Character = " "
        for character in lowered {
            if character == " " || character == "\u{00A0}", previous == "x" || previous == "×", beforePrevious.isNumber { return true }
            beforePrevious = previous
            previous = character
        }
        return false
    }

    /// Words that make a visible amount an installment or a unit price, not the price.
    private static let installmentMarkers = [
        "×", " x ", "/mo", "month", "monat", "mois", "mes", "mese", "/kg", "/ kg", "/l", "/ l", "/100", "per ", "pro ", "/m",
        "klarna", "afterpay", "installment", "rate", "raten", "%", "月々", "分割", "/月", "할부", "分期",
        "sem juros", "parcela", "sin interés", "sin intereses", "cuotas", "mensualidades", "senza interessi",
    ]

    /// A currency code from a code or a symbol in `text` ("EUR", "€", "£", "US$").
    static func currency(_ text: String) -> String? {
        let text = joiningDollarPrefix(text)
        let letters = text.filter(\.isLetter).uppercased()
        // Three letters are a currency only when they name one: "EAN13 : 978…" is not priced in "EAN".
        if letters.count == 3, isoCodes.contains(letters) { return letters }
        for (symbol, code) in symbols where text.includes(symbol) { return code }
        guard text.utf8.count <= 80, !letters.isEmpty else { return nil }
        let words = text.split(whereSeparator: { !$0.isLetter })
        // A code written as a word of its own in capitals: "Pris NOK 899,00", "AED 8000 (USD 2179)".
        if letters.count > 3 {
            for word in words where word.count == 3 && word.allSatisfy(\.isUppercase) {
                if isoCodes.contains(String(word)) { return String(word) }
            }
        }
        // Letter abbreviations count only as a word of their own: "299,99 TL", "12 990 Ft", "RM 49.90".
        if text.utf8.count <= 40 {
            if namesEgyptianPound(text) { return "EGP" }
            for word in words {
                if let code = wordSymbols[String(word)] { return code }
            }
        }
        return nil
    }

    /// "US $49.99", "C $12.00", "AU $9.95" (eBay writes a foreign dollar with a space) → "US$49.99": a
    /// country's letters before a spaced dollar sign are that country's dollar.
    static func joiningDollarPrefix(_ text: String) -> String {
        guard text.includes(" $") || text.includes("\u{00A0}$") else { return text }
        var result = text
        for prefix in ["US", "CA", "AU", "NZ", "MX", "NT", "HK", "C"] {
            for space in [" ", "\u{00A0}"] {
                let spaced = prefix + space + "$"
                guard let found = result.range(of: spaced) else { continue }
                // The letters must start a word: "BUS $5" is not a US dollar.
                if found.lowerBound > result.startIndex, result[result.index(before: found.lowerBound)].isLetter { continue }
                result.replaceSubrange(found, with: prefix + "$")
            }
        }
        return result
    }

    /// Currency abbreviations that are ordinary letters, matched as whole words with their case.
    private static let wordSymbols: [String: String] = [
        "TL": "TRY", "Ft": "HUF", "lei": "RON", "Lei": "RON", "RM": "MYR", "Rp": "IDR", "лв": "BGN", "Rs": "INR",
        "руб": "RUB", "р": "RUB", "грн": "UAH",
        // Swiss shops write francs as "Fr. 49.90" or "SFr. 49.90".
        "Fr": "CHF", "SFr": "CHF",
        // Gulf shops write the riyal and the dinar in Latin letters: "SR 1,550", "QR 99", "KD 12.500".
        "SR": "SAR", "QR": "QAR", "KD": "KWD",
    ]

    /// Egyptian shops write the pound "LE" or "L.E" right beside the amount ("LE 79", "L.E 12.00", "12.00 L.E."); "LE PRIX
    /// 29,99" is French.
    private static func namesEgyptianPound(_ text: String) -> Bool {
        let trimmed = text.trimmed
        func isSpace(_ character: Character) -> Bool { character == " " || character == "\u{00A0}" }
        for sign in ["L.E.", "L.E", "LE"] {
            if trimmed.hasPrefix(sign), trimmed.dropFirst(sign.count).first(where: { !isSpace($0) })?.isNumber == true { return true }
            if trimmed.hasSuffix(sign), trimmed.dropLast(sign.count).last(where: { !isSpace($0) })?.isNumber == true { return true }
        }
        return false
    }

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
        // A country's dollar before any shorter one it holds: "CA$" holds "A$", "US$" holds "S$".
        // The Egyptian pound's "E£" before the pound sterling's "£"; Arabic abbreviations of the Gulf's and Egypt's currencies.
        ("€", "EUR"), ("E£", "EGP"), ("£", "GBP"), ("ج.م", "EGP"), ("د.إ", "AED"), ("ر.س", "SAR"), ("د.ك", "KWD"), ("ر.ق", "QAR"),
        ("CHF", "CHF"), ("SGD", "SGD"), ("US$", "USD"), ("CA$", "CAD"), ("AU$", "AUD"), ("NZ$", "NZD"),
        ("MX$", "MXN"), ("A$", "AUD"), ("C$", "CAD"), ("NT$", "TWD"), ("HK$", "HKD"), ("S$", "SGD"),
        ("R$", "BRL"), ("₩", "KRW"), ("원", "KRW"), ("円", "JPY"), ("¥", "JPY"), ("￥", "JPY"), ("元", "CNY"), ("₹", "INR"), ("₺", "TRY"),
        ("₽", "RUB"), ("₴", "UAH"), ("₪", "ILS"), ("฿", "THB"), ("₫", "VND"), ("₱", "PHP"), ("Kč", "CZK"), ("kr", "SEK"), ("zł", "PLN"), ("$", "USD"),
    ]
}
