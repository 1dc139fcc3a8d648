import Chat
import Closet
import Foundation
import Localization
import Schedule

/// The catalogs in one reader's language, for code that writes messages outside a chat handler (the daily
/// message, vote results, try-on notices) as well as inside one (`ChatContext.phrasebook`).
struct Phrasebook: Sendable {
    /// The catalogs the words come from.
    let catalogs: Catalogs
    /// The reader's language.
    let language: Language

    /// The message `key` as rich text (bold runs kept).
    func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> RichText {
        RichText(catalogs.text(key, arguments, in: language))
    }

    /// The message `key` as plain text (button titles, lines joined into a longer text).
    func string(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        catalogs.string(key, arguments, in: language)
    }

    /// A message by key and arguments as rich text.
    func text(_ message: LocalizedMessage) -> RichText { RichText(catalogs.text(message, in: language)) }

    /// A message by key and arguments as plain text.
    func string(_ message: LocalizedMessage) -> String { catalogs.text(message, in: language).plain }

    /// A category's name ("Oberteil").
    func categoryName(_ category: Category) -> String { string("category.\(category.rawValue)") }

    /// A category's plural name in lists and headings ("Oberteile"), without a count.
    func categoryPlural(_ category: Category) -> String { string("category.plural.\(category.rawValue)") }

    /// A colour family's name ("marine").
    func colorFamilyName(_ family: ColorFamily) -> String { string("color.family.\(family.rawValue)") }

    /// A piece's colour as the reader sees it: a name that is only its family's English word ("navy",
    /// the name `/add` and imports give) reads in the reader's language ("marine"); any other name stays as written.
    func colorName(_ color: ItemColor) -> String {
        let key = "color.family.\(color.family.rawValue)"
        guard language != .en, color.name.lowercased() == catalogs.string(key, in: .en).lowercased() else { return color.name }
        return string(key)
    }

    /// An occasion's name; occasions an operator added without catalog entries keep their own name.
    func occasionName(_ occasion: Occasion) -> String { occasionName(occasion.name) }

    /// An occasion's name by its English name.
    func occasionName(_ name: String) -> String {
        let key = OccasionNames.key(name)
        return catalogs.has(key, in: .en) ? string(key) : name
    }

    /// "a, b and c" in the reader's language.
    func listed(_ words: [String]) -> String {
        switch words.count {
        case 0: return ""
        case 1: return words[0]
        default: return string("list.and", ["first": .text(words.dropLast().joined(separator: ", ")), "last": .text(words[words.count - 1])])
        }
    }
}

extension ChatContext {
    /// The catalogs in the user's language, for helpers shared with code outside handlers.
    var phrasebook: Phrasebook { Phrasebook(catalogs: catalogs, language: language) }
}

extension Price {
    /// The price as a message argument: locale-formatted with its currency, or a bare amount with two decimals.
    var argument: MessageArgument {
        currency.map { .price(amount, currency: $0) } ?? .decimal(amount, fractionDigits: 2)
    }
}

extension Phrasebook {
    /// An occasion name as a heading: every word capitalized in English ("Business Casual", as before the
    /// translation), only the first letter in the other languages, where title case reads wrong.
    func heading(_ name: String) -> String {
        language == .en ? name.capitalized : name.prefix(1).uppercased() + name.dropFirst()
    }
}

extension Phrasebook {
    /// The reader's locale, for month names.
    private var locale: Locale { Locale(identifier: language.localeIdentifier) }

    /// A month's short name for chart columns ("Mar", "März", "mars"), from the locale's calendar data.
    func shortMonth(_ month: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        let names: [String] = formatter.shortStandaloneMonthSymbols
        return names.indices.contains(month - 1) ? names[month - 1].trimmingCharacters(in: CharacterSet(charactersIn: ".")) : String(month)
    }

    /// A date written out for sentences and buttons ("12 March 2026", "12. März 2026", "12 de marzo de 2026"),
    /// also for a day that does not exist ("31 February 2026"), so a refusal can name it.
    func longDate(year: Int, month: Int, day: Int) -> String {
        string("date.long", ["day": .text(String(day)), "month": .text(longMonth(month)), "year": .text(String(year))])
    }

    /// A date written out ("12 March 2026").
    func longDate(_ date: LocalDate) -> String {
        let (year, month, day) = date.components
        return longDate(year: year, month: month, day: day)
    }

    /// A month's full name for sentences ("March", "März", "mars").
    func longMonth(_ month: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        let names: [String] = formatter.standaloneMonthSymbols
        return names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }
}
