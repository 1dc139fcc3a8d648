import Foundation

/// Settles the currency of a visible price from its symbol, the shop's domain and the page
/// language: "$" is USD on amazon.com but CAD on amazon.ca, "kr" is SEK, NOK or DKK.
enum CurrencyGuess {
    /// Whether the price text names its currency beyond doubt: a code or a symbol only one currency uses
    /// ("€", "£", "US$", "EUR"), not a bare "$", "kr", "¥" or "元", which the domain must settle.
    static func namesCurrency(_ priceText: String) -> Bool {
        PriceParser.currency(priceText) != nil && !symbolIsAmbiguous(priceText)
            && !["¥", "￥", "元"].contains(where: priceText.contains)
    }

    /// A "$" without a country's letters, or "kr".
    private static func symbolIsAmbiguous(_ priceText: String) -> Bool {
        let priceText = PriceParser.joiningDollarPrefix(priceText)
        return priceText.contains("$") && !["US$", "CA$", "AU$", "C$", "A$", "NZ$", "HK$", "NT$", "S$", "R$", "MX$"].contains(where: priceText.includes)
            || priceText.lowercased().contains("kr")
    }

    /// The ISO code for a price text seen on `host`, nil when nothing says.
    static func currency(priceText: String, host: String?, language: String?, siteDomains: [String: String] = [:]) -> String? {
        let priceText = PriceParser.joiningDollarPrefix(priceText)
        let suffix = domainSuffix(host)
        let ambiguous = symbolIsAmbiguous(priceText)
        if ambiguous || PriceParser.currency(priceText) == nil {
            for candidate in suffix where siteDomains[candidate] != nil { return siteDomains[candidate] }
        }
        let ending = suffix.first?.split(separator: ".").last.map(String.init)
        // "元" and "¥" (or full-width "￥") are written in several countries; the domain says which.
        if priceText.contains("元") || priceText.contains("¥") || priceText.contains("￥") {
            switch ending {
            case "tw": return "TWD"
            case "cn": return "CNY"
            case "hk": return "HKD"
            case "jp": return "JPY"
            default:
                // On a .com shop the page language says which: "zh-CN" yuan, "zh-TW" dollars, "ja" yen.
                if let code = currency(forLanguage: language), ["TWD", "CNY", "HKD", "JPY"].contains(code) { return code }
            }
        }
        if let explicit = PriceParser.currency(priceText), !ambiguous { return explicit }
        if priceText.contains("$"), !priceText.contains("US$") {
            if priceText.contains("R$") { return "BRL" }
            for (ending, code) in dollarDomains where suffix.first.map({ $0 == ending || $0.hasSuffix("." + ending) }) == true { return code }
            // "$" on a .com shop in Taiwan, Hong Kong, Canada…: the language's region says which dollar.
            if let code = currency(forLanguage: language), dollarDomains.contains(where: { $0.1 == code }) { return code }
            return "USD"
        }
        if priceText.lowercased().contains("kr") {
            switch suffix.first?.split(separator: ".").last {
            case "no": return "NOK"
            case "dk": return "DKK"
            case "is": return "ISK"
            default: return "SEK"
            }
        }
        return PriceParser.currency(priceText)
    }

    /// The currency a shop's domain implies when the price text shows no symbol at all: the
    /// site rule's table, then the country ending (".de" EUR, ".co.kr" KRW), then the country or
    /// currency the path starts with ("/de_de/", "/en-gb/", "/en_eur/", "/de/"), then the page
    /// language's region ("zh-TW", "ko-KR") or a language spoken in one currency (ko, ja, pl, de, it, nl).
    static func currency(forHost host: String?, path: String = "", language: String? = nil, siteDomains: [String: String]) -> String? {
        let suffix = domainSuffix(host)
        for candidate in suffix where siteDomains[candidate] != nil { return siteDomains[candidate] }
        if let ending = suffix.first?.split(separator: ".").last.map(String.init), let code = countryCurrencies[ending] { return code }
        if let code = currency(forPath: path) { return code }
        return currency(forLanguage: language)
    }

    /// The currency a locale at the start of a shop's path names: "/de_de/…" and "/en-gb/…" by their
    /// region, "/en_eur/…" (COS, Arket) by the code itself, a lone country "/de/…" by that country.
    /// Only the first two segments count, so a product slug never does.
    static func currency(forPath path: String) -> String? {
        guard path.utf8.count <= 2_000 else { return nil }
        for segment in path.lowercased().split(separator: "/").prefix(2) {
            let parts = segment.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
            guard parts.allSatisfy({ $0.allSatisfy { ("a"..."z").contains($0) } }) else { continue }
            if parts.count == 2, parts[0].count == 2 {
                if parts[1].count == 2, let code = countryCurrencies[parts[1]] { return code }
                if parts[1].count == 3, isoCurrencies.contains(parts[1].uppercased()) { return parts[1].uppercased() }
            } else if parts.count == 1, parts[0].count == 2, let code = countryCurrencies[parts[0]] {
                return code
            }
        }
        return nil
    }

    /// Codes a path may name directly ("/en_eur/").
    private static let isoCurrencies: Set<String> = ["EUR", "USD", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD", "JPY"]

    /// "ko-KR" → KRW, "zh-Hant-TW" → TWD, "ja" → JPY; nil for a language spoken across currencies ("es").
    static func currency(forLanguage language: String?) -> String? {
        guard let parts = language?.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init), let first = parts.first else { return nil }
        if let region = parts.dropFirst().last(where: { $0.count == 2 }), let code = countryCurrencies[region] { return code }
        if first == "zh", parts.contains("hant") { return "TWD" }
        // Languages whose speakers nearly all pay in one currency (German, Italian and Dutch outside the euro are Swiss or
        // Surinamese shops, which print their currency).
        return ["ko": "KRW", "ja": "JPY", "pl": "PLN", "de": "EUR", "it": "EUR", "nl": "EUR", "fi": "EUR", "el": "EUR", "sk": "EUR", "sl": "EUR"][first]
    }

    /// Currencies by country code, as domain endings and language regions use them.
    private static let countryCurrencies: [String: String] = [
        "de": "EUR", "at": "EUR", "fr": "EUR", "es": "EUR", "it": "EUR", "nl": "EUR", "be": "EUR", "pt": "EUR", "ie": "EUR", "fi": "EUR",
        "gr": "EUR", "sk": "EUR", "si": "EUR", "ee": "EUR", "lv": "EUR", "lt": "EUR", "lu": "EUR",
        "uk": "GBP", "gb": "GBP", "jp": "JPY", "kr": "KRW", "tw": "TWD", "cn": "CNY", "hk": "HKD", "pl": "PLN", "se": "SEK", "dk": "DKK",
        "no": "NOK", "ch": "CHF", "ca": "CAD", "au": "AUD", "nz": "NZD", "in": "INR", "br": "BRL", "mx": "MXN", "cz": "CZK", "hu": "HUF",
        "ro": "RON", "tr": "TRY", "sg": "SGD", "my": "MYR", "th": "THB", "vn": "VND", "id": "IDR", "ph": "PHP", "za": "ZAR", "ae": "AED",
        "us": "USD",
    ]

    /// "www.amazon.co.uk" → ["co.uk", "uk"]: the host's public ending, longest first.
    static func domainSuffix(_ host: String?) -> [String] {
        guard let labels = host?.lowercased().split(separator: "."), labels.count >= 2 else { return [] }
        let lastTwo = labels.suffix(2).joined(separator: ".")
        let last = String(labels.last!)
        let secondLevel = ["co", "com", "org", "net", "gov", "ac"].contains(String(labels[labels.count - 2]))
        return secondLevel ? [lastTwo, last] : [last]
    }

    private static let dollarDomains: [(String, String)] = [
        ("ca", "CAD"), ("au", "AUD"), ("nz", "NZD"), ("mx", "MXN"), ("sg", "SGD"), ("hk", "HKD"), ("tw", "TWD"),
        ("ar", "ARS"), ("cl", "CLP"), ("br", "BRL"),
    ]
}
