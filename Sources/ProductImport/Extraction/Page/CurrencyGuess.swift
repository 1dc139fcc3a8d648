import Foundation

/// Settles the currency of a visible price from its symbol, the shop's domain and the page
/// language: "$" is USD on amazon.com but CAD on amazon.ca, "kr" is SEK, NOK or DKK.
enum CurrencyGuess {
    /// The ISO code for a price text seen on `host`, nil when nothing says.
    static func currency(priceText: String, host: String?, language: String?, siteDomains: [String: String] = [:]) -> String? {
        let suffix = domainSuffix(host)
        let ambiguous = priceText.contains("$") && !["US$", "C$", "A$", "NZ$", "HK$", "NT$", "S$", "R$", "MX$"].contains(where: priceText.contains)
            || priceText.lowercased().contains("kr")
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
            default: break
            }
        }
        if let explicit = PriceParser.currency(priceText), !ambiguous { return explicit }
        if priceText.contains("$"), !priceText.contains("US$") {
            if priceText.contains("R$") { return "BRL" }
            for (ending, code) in dollarDomains where suffix.first.map({ $0 == ending || $0.hasSuffix("." + ending) }) == true { return code }
            if let language, language.lowercased().hasSuffix("-ca") { return "CAD" }
            if let language, language.lowercased().hasSuffix("-au") { return "AUD" }
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

    /// The currency a shop's domain implies when the price text shows no symbol at all.
    static func currency(forHost host: String?, siteDomains: [String: String]) -> String? {
        for candidate in domainSuffix(host) where siteDomains[candidate] != nil { return siteDomains[candidate] }
        return nil
    }

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
