/// Reads prices written by shops: "49.95", "49,95 €", "1.299,00", "$1,299.00", "EUR 12".
enum PriceParser {
    /// The amount in `text`, or nil when it holds no number.
    static func amount(_ text: String) -> Double? {
        // Plain machine numbers ("1299.000" from a feed) are taken as they are.
        if let plain = Double(text.trimmed), plain.isFinite, plain >= 0 { return plain }
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
        guard let value = Double(normalized), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A currency code from a code or a symbol in `text` ("EUR", "€", "£", "US$").
    static func currency(_ text: String) -> String? {
        let letters = text.filter(\.isLetter).uppercased()
        if letters.count == 3, letters.allSatisfy({ $0.isASCII }) { return letters }
        for (symbol, code) in symbols where text.contains(symbol) { return code }
        return nil
    }

    private static let symbols: [(String, String)] = [
        ("€", "EUR"), ("£", "GBP"), ("CHF", "CHF"), ("US$", "USD"), ("A$", "AUD"), ("C$", "CAD"),
        ("¥", "JPY"), ("₹", "INR"), ("kr", "SEK"), ("zł", "PLN"), ("$", "USD"),
    ]
}
