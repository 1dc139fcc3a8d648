import Closet
import Foundation
import JSON

/// Keyword rules that turn a product's words into closet fields: category, fit, formality,
/// warmth, pattern, material and colors. The words live in `bot-config/keywords.json`,
/// in English, German, French, Spanish and Italian; this type only knows how to apply them.
public struct KeywordRules: Sendable {
    /// What a garment word says about the piece.
    struct Garment: Sendable {
        /// Where the piece fits in an outfit.
        let category: Category
        /// The finer kind, e.g. trouser.
        let subcategory: String
        /// Usual formality, 1…5.
        let formality: Int
        /// Usual warmth, 1…5.
        let warmth: Int
    }

    /// What a fit word says: a fit, a leg shape, or both.
    struct FitHint: Sendable {
        /// The fit the word implies.
        let fit: Fit?
        /// The leg shape the word implies (bottoms only).
        let legShape: LegShape?
    }

    /// A fibre and how warm it wears.
    struct Material: Sendable {
        /// The fibre's name, e.g. wool.
        let name: String
        /// How warm it wears, 1…5.
        let warmth: Int
    }

    /// Garment words → category, subcategory, base formality and warmth.
    var garments = PhraseSet<Garment>()
    /// Fit and leg-shape words.
    var fits = PhraseSet<FitHint>()
    /// Fibre words with their warmth.
    var materials = PhraseSet<Material>()
    /// Pattern words.
    var patterns = PhraseSet<Pattern>()
    /// Color names → normalized colors.
    var colors = PhraseSet<ItemColor>()
    /// The English words of accessory rules: English names put the thing last ("Shoe bag"), the
    /// Romance languages first ("Robe portefeuille" is a wrap dress), so only these may win from behind.
    var englishAccessories = PhraseSet<Garment>()
    /// Goods that are not clothing (toaster, book, phone…) → what to call them.
    var goods = PhraseSet<String>()
    /// Goods phrases that win anywhere in a name, over any garment word ("애견 패딩" is the dog's
    /// padded coat, "Mantel für Hunde" the dog's coat): a goods rule's `beatsGarments` list.
    var dominantGoods = PhraseSet<String>()
    /// Goods nouns that name the thing when they follow a garment word in the name's head, as
    /// English compounds do ("Coat hooks", "Trouser press", "Skirt steak"): a goods rule's `afterGarments` list.
    var trailingGoods = PhraseSet<String>()
    /// Words that move formality up or down by the given step.
    var formalityHints = PhraseSet<Int>()
    /// Words of a name that move its warmth ("summer dress" -2, "thermal leggings" +1).
    var warmthHints = PhraseSet<Int>()
    /// German inflected colour words (folded) and the length of their ending: "weisses" 2, "blaue" 1. A typed
    /// "weißes Hemd" keeps "weiß" as its colour name. Only words no other language lists, so "blue" stays whole.
    var colorEndings: [String: Int] = [:]
    /// Makers a name may lead with (`brands`), asked when no source names a brand.
    var brands = KnownBrands([])

    /// Reads the rules file at `url` (normally `bot-config/keywords.json`).
    public static func load(contentsOf url: URL) throws(ImportError) -> KeywordRules {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError(.invalidRules, detail: "cannot read \(url.path): \(error)")
        }
        let json: JSON
        do {
            json = try JSON.parse(bytes: Array(data))
        } catch {
            throw ImportError(.invalidRules, detail: "\(url.lastPathComponent): \(error.description)")
        }
        return try KeywordRules(json: json)
    }

    /// Builds the rules from the parsed rules file.
    public init(json: JSON) throws(ImportError) {
        for (order, rule) in (json["garments"]?.array ?? []).enumerated() {
            guard let category = rule["category"]?.string.flatMap(Category.init(rawValue:)),
                  let subcategory = rule["subcategory"]?.string else {
                throw ImportError(.invalidRules, detail: "garment rule \(order) needs a known category and a subcategory")
            }
            let garment = Garment(category: category, subcategory: subcategory,
                                  formality: Int(rule["formality"]?.int ?? 2), warmth: Int(rule["warmth"]?.int ?? 3))
            Self.addWords(of: rule, value: garment, order: order, to: &garments)
            if category == .accessory {
                for phrase in rule["words"]?["en"]?.array?.compactMap(\.string) ?? [] { englishAccessories.add(phrase, value: garment, order: order) }
            }
            // Words that are also adjectives ("knit") lose every tie: a "Knit beanie" is a hat.
            Self.addWords(of: rule, key: "weakWords", value: garment, order: order + Self.weakOrder, to: &garments)
        }
        for (order, rule) in (json["fits"]?.array ?? []).enumerated() {
            let hint = FitHint(fit: rule["fit"]?.string.flatMap(Fit.init(rawValue:)),
                               legShape: rule["legShape"]?.string.flatMap(LegShape.init(rawValue:)))
            Self.addWords(of: rule, value: hint, order: order, to: &fits)
        }
        for (order, rule) in (json["materials"]?.array ?? []).enumerated() {
            let material = rule["material"]?.string.map { Material(name: $0, warmth: Int(rule["warmth"]?.int ?? 3)) }
            Self.addWords(of: rule, value: material, order: order, to: &materials)
        }
        for (order, rule) in (json["patterns"]?.array ?? []).enumerated() {
            let pattern = rule["pattern"]?.string.flatMap(Pattern.init(rawValue:))
            if pattern == nil && rule["pattern"]?.isNull == false {
                throw ImportError(.invalidRules, detail: "pattern rule \(order) names an unknown pattern")
            }
            Self.addWords(of: rule, value: pattern, order: order, to: &patterns)
        }
        for (order, rule) in (json["colors"]?.array ?? []).enumerated() {
            if rule["name"]?.isNull == true {
                // Words that hold a colour word without naming one (Korean 블루종, a blouson): they only block.
                Self.addWords(of: rule, value: nil, order: order, to: &colors)
                continue
            }
            guard let name = rule["name"]?.string, let family = rule["family"]?.string.flatMap(ColorFamily.init(rawValue:)) else {
                throw ImportError(.invalidRules, detail: "color rule \(order) needs a name and a known family")
            }
            Self.addWords(of: rule, value: ItemColor(name: name, family: family), order: order, to: &colors)
        }
        colorEndings = Self.germanEndings(of: json["colors"]?.array ?? [])
        brands = KnownBrands((json["brands"]?.array ?? []).compactMap(\.string))
        for (order, rule) in (json["goods"]?.array ?? []).enumerated() {
            guard let kind = rule["kind"]?.string, !kind.isEmpty else {
                throw ImportError(.invalidRules, detail: "goods rule \(order) needs a kind")
            }
            Self.addWords(of: rule, value: kind, order: order, to: &goods)
            Self.addWords(of: rule, key: "beatsGarments", value: kind, order: order, to: &dominantGoods)
            Self.addWords(of: rule, key: "afterGarments", value: kind, order: order, to: &trailingGoods)
        }
        for (order, rule) in (json["formality"]?.array ?? []).enumerated() {
            Self.addWords(of: rule, value: rule["step"]?.int.map(Int.init), order: order, to: &formalityHints)
        }
        for (order, rule) in (json["warmth"]?.array ?? []).enumerated() {
            Self.addWords(of: rule, value: rule["step"]?.int.map(Int.init), order: order, to: &warmthHints)
        }
    }

    /// Added to a weak word's rule order, so any other garment word of the same length wins.
    private static let weakOrder = 1_000_000

    /// Adds a rule's words, given either as a list or as lists per language ({"en": […], "de": […]}).
    private static func addWords<Value>(of rule: JSON, key: String = "words", value: Value?, order: Int, to set: inout PhraseSet<Value>) {
        var phrases: [String] = []
        if let list = rule[key]?.array {
            phrases = list.compactMap(\.string)
        } else if let languages = rule[key]?.object {
            phrases = languages.keys.sorted().flatMap { languages[$0]?.array?.compactMap(\.string) ?? [] }
        }
        for phrase in phrases { set.add(phrase, value: value, order: order) }
    }
}
