import Chat
import Closet
import Localization

extension ChatContext {
    /// A category's name in the user's language, for buttons and headings ("Oberteil", "Haut").
    func categoryName(_ category: Category) -> String {
        string("category.\(category.rawValue)")
    }

    /// "3 tops", "1 Paar Schuhe": a count of pieces of one category in the user's language.
    func categoryCount(_ category: Category, _ count: Int) -> String {
        string("category.count.\(category.rawValue)", ["count": .integer(count)])
    }

    /// An occasion's name in the user's language ("geschäftlich" for business casual). Occasions an operator
    /// added to occasions.json without catalog entries keep their own name.
    func occasionName(_ occasion: Occasion) -> String {
        let key = OccasionNames.key(occasion.name)
        return catalogs.has(key, in: .en) ? string(key) : occasion.name
    }
}

/// Catalog keys of occasion names: "occasion." and the name with spaces as underscores.
enum OccasionNames {
    static func key(_ name: String) -> String {
        "occasion." + name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "_")
    }
}
