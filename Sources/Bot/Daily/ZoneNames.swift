import Foundation
import Support

/// The IANA zone a typed `/timezone` argument means: the identifier in any case (`europe/berlin`), the city
/// alone when it names one zone (`Berlin`, `new york`, `São Paulo`, `port au prince`), or the city's name in
/// German, French, Spanish or Italian (`Wien`, `Londres`, `Nueva York`, `Parigi`). Anything else gets the
/// closest zone names, so a slip ("Berln") is one tap away, never set silently.
struct ZoneNames: Sendable {
    /// What a typed name found.
    enum Lookup: Equatable {
        /// The zone's identifier, as `TimeZone(identifier:)` takes it.
        case zone(String)
        /// No zone: the closest identifiers, best first (empty when none is close).
        case suggestions([String])
    }

    /// The zones Foundation knows (ICU's list on Linux), plus current names it lists under an older one.
    static let shared = ZoneNames(identifiers: TimeZone.knownTimeZoneIdentifiers + ["Asia/Kolkata", "Asia/Yangon", "Europe/Kyiv"])

    /// Most suggestions offered at once (one button each).
    static let maximumSuggestions = 3
    /// Longest argument looked at; longer is no zone name.
    static let maximumLength = 64

    /// Folded identifier → identifier.
    private let byIdentifier: [String: String]
    /// Folded city (the identifier's last part) → the identifiers ending in it.
    private let byCity: [String: [String]]

    /// Zones from `identifiers`; names Foundation cannot open are left out.
    init(identifiers: [String]) {
        var byIdentifier: [String: String] = [:]
        var byCity: [String: [String]] = [:]
        for identifier in Set(identifiers) where identifier.contains("/") && TimeZone(identifier: identifier) != nil {
            byIdentifier[Self.folded(identifier)] = identifier
            let city = Self.folded(String(identifier.split(separator: "/").last ?? ""))
            byCity[city, default: []].append(identifier)
        }
        self.byIdentifier = byIdentifier
        self.byCity = byCity.mapValues { $0.sorted() }
    }

    /// The zone `typed` names, or the closest names.
    func lookup(_ typed: String) -> Lookup {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= Self.maximumLength else { return .suggestions([]) }
        let key = Self.folded(text)
        if ["utc", "gmt", "etc/utc", "etc/gmt", "z", "zulu"].contains(key) { return .zone("UTC") }
        if let identifier = byIdentifier[key] { return .zone(identifier) }
        // A zone Foundation opens but does not list (a backward-compatible name such as US/Eastern).
        if text.contains("/"), let zone = TimeZone(identifier: text) { return .zone(zone.identifier) }
        let city = key.contains("/") ? String(key.split(separator: "/").last ?? "") : key
        if let zones = byCity[city], zones.count == 1 { return .zone(zones[0]) }
        if let identifier = Self.exonyms[city], byIdentifier[Self.folded(identifier)] != nil { return .zone(identifier) }
        return .suggestions(closest(to: key, city: city))
    }

    /// Identifiers within a few edits of the typed name: of its city part, or of the whole when it has an area.
    private func closest(to key: String, city: String) -> [String] {
        let wanted = Array(city)
        guard wanted.count >= 3 else { return [] }
        let allowed = max(1, wanted.count / 4)
        var scored: [(distance: Int, identifier: String)] = []
        for (name, zones) in byCity {
            let distance = EditDistance.between(wanted, Array(name), countingSwaps: true)
            if distance <= allowed { scored += zones.map { (distance, $0) } }
        }
        for (exonym, identifier) in Self.exonyms where byIdentifier[Self.folded(identifier)] != nil {
            let distance = EditDistance.between(wanted, Array(exonym), countingSwaps: true)
            if distance <= allowed { scored.append((distance, identifier)) }
        }
        if key.contains("/") {
            for (name, identifier) in byIdentifier {
                let distance = EditDistance.between(Array(key), Array(name), countingSwaps: true)
                if distance <= allowed { scored.append((distance, identifier)) }
            }
        }
        var seen: Set<String> = []
        return scored.sorted { ($0.distance, $0.identifier) < ($1.distance, $1.identifier) }
            .map(\.identifier).filter { seen.insert($0).inserted }.prefix(Self.maximumSuggestions).map { $0 }
    }

    /// Lowercased without accents; spaces and hyphens as underscores, dots and apostrophes dropped:
    /// "São Paulo", "sao-paulo" and "Sao_Paulo" are one key, and so are "St. John's" and "St_Johns".
    static func folded(_ text: String) -> String {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var key = ""
        for character in plain {
            switch character {
            case " ", "-", "_": if !key.hasSuffix("_"), !key.isEmpty, !key.hasSuffix("/") { key.append("_") }
            case ".", "'", "’": continue
            case "/":
                while key.hasSuffix("_") { key.removeLast() }
                key.append("/")
            default: key.append(character)
            }
        }
        while key.hasSuffix("_") { key.removeLast() }
        return key
    }

    /// Zone cities as German, French, Spanish and Italian write them (folded), where that differs from the
    /// English name in the identifier.
    static let exonyms: [String: String] = [
        "wien": "Europe/Vienna", "vienne": "Europe/Vienna", "viena": "Europe/Vienna",
        "rom": "Europe/Rome", "roma": "Europe/Rome",
        "lissabon": "Europe/Lisbon", "lisbonne": "Europe/Lisbon", "lisboa": "Europe/Lisbon", "lisbona": "Europe/Lisbon",
        "londres": "Europe/London", "londra": "Europe/London",
        "parigi": "Europe/Paris", "berlino": "Europe/Berlin", "zurigo": "Europe/Zurich",
        "kopenhagen": "Europe/Copenhagen", "copenhague": "Europe/Copenhagen", "copenaghen": "Europe/Copenhagen",
        "brussel": "Europe/Brussels", "bruxelles": "Europe/Brussels", "bruselas": "Europe/Brussels",
        "prag": "Europe/Prague", "praga": "Europe/Prague",
        "warschau": "Europe/Warsaw", "varsovie": "Europe/Warsaw", "varsovia": "Europe/Warsaw", "varsavia": "Europe/Warsaw",
        "moskau": "Europe/Moscow", "moscou": "Europe/Moscow", "moscu": "Europe/Moscow", "mosca": "Europe/Moscow",
        "athen": "Europe/Athens", "athenes": "Europe/Athens", "atenas": "Europe/Athens", "atene": "Europe/Athens",
        "bukarest": "Europe/Bucharest", "bucarest": "Europe/Bucharest",
        "belgrad": "Europe/Belgrade", "belgrado": "Europe/Belgrade",
        "stockholm": "Europe/Stockholm", "estocolmo": "Europe/Stockholm", "stoccolma": "Europe/Stockholm",
        "luxemburg": "Europe/Luxembourg", "lussemburgo": "Europe/Luxembourg", "luxemburgo": "Europe/Luxembourg",
        "kiew": "Europe/Kyiv",
        "kairo": "Africa/Cairo", "le_caire": "Africa/Cairo", "el_cairo": "Africa/Cairo", "il_cairo": "Africa/Cairo",
        "tokio": "Asia/Tokyo", "singapur": "Asia/Singapore", "singapour": "Asia/Singapore",
        "nueva_york": "America/New_York",
        "mexiko_stadt": "America/Mexico_City", "ciudad_de_mexico": "America/Mexico_City", "citta_del_messico": "America/Mexico_City",
        "mexico": "America/Mexico_City",
    ]
}
