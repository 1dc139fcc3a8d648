/// A language the bot replies in. Command names stay English; everything else is translated.
public enum Language: String, Sendable, CaseIterable, Hashable {
    /// English (the fallback), German, French, Spanish, Italian: ISO 639-1 codes as raw values.
    case en, de, fr, es, it

    /// The language for a client tag such as "de", "de-AT" or "fr_CA"; nil when the tag is not one of ours.
    ///
    /// Tags come from outside (Telegram's `language_code`, a typed `/language` argument), so the length is
    /// bounded before anything else looks at them.
    public init?(tag: String?) {
        guard let tag, (2...35).contains(tag.utf8.count) else { return nil }
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard primary.count == 2, let language = Language(rawValue: primary) else { return nil }
        self = language
    }

    /// The language's own name, as shown in the `/language` menu ("Deutsch", "Français").
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .de: "Deutsch"
        case .fr: "Français"
        case .es: "Español"
        case .it: "Italiano"
        }
    }

    /// The locale used for numbers, prices and dates.
    public var localeIdentifier: String {
        switch self {
        case .en: "en_US"
        case .de: "de_DE"
        case .fr: "fr_FR"
        case .es: "es_ES"
        case .it: "it_IT"
        }
    }

    /// The CLDR plural category of an integer count. All five use only "one" and "other" for integers;
    /// French counts 0 as "one" too ("0 pièce"), the others only 1.
    public func pluralCategory(of count: Int) -> PluralCategory {
        switch self {
        case .fr: return count == 0 || count == 1 ? .one : .other
        case .en, .de, .es, .it: return count == 1 ? .one : .other
        }
    }
}

/// A CLDR plural category; these five languages need only two for whole counts.
public enum PluralCategory: String, Sendable, CaseIterable {
    /// "one" (1, and 0 in French) and "other" (everything else).
    case one, other
}
