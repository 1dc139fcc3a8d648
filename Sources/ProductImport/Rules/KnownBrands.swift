/// Brands well known enough that a product's name starting with one names its maker ("Nikon D3400 Kit",
/// "adidas Kids Marble Leggings"), from `brands` in `bot-config/keywords.json`. Asked only when no source on the
/// page names a brand: a shop of many makers often states the maker nowhere but at the name's head, and a maker's own
/// shop ("www.bose.com") often nowhere but in its host. Typed descriptions (`/add levis 501 jeans`) are asked too.
struct KnownBrands: Sendable {
    /// Each brand's words, lowercased, under its first word; longest first, so "Tommy Hilfiger" beats "Tommy".
    private let byFirstWord: [String: [[String]]]
    /// Each brand as listed, under its letters and digits lowercased ("thenorthface"), for telling a maker's own shop by its host.
    private let byFoldedName: [String: String]
    /// Each brand's words folded to letters and digits, with the brand as listed, under its first folded word; longest first.
    private let byFoldedFirstWord: [String: [(words: [String], name: String)]]
    /// The first words as the brands spell them, for brands written in lower case or with inner capitals ("adidas", "iHome").
    private let spelled: Set<String>

    /// The set of `names` (as brands write themselves: "adidas", "The North Face", "Levi's").
    init(_ names: [String]) {
        var byFirstWord: [String: [[String]]] = [:], spelled: Set<String> = [], byFoldedName: [String: String] = [:]
        var byFoldedFirstWord: [String: [(words: [String], name: String)]] = [:]
        for name in names {
            let written = name.split(separator: " ")
            guard let first = written.first else { continue }
            byFoldedName[Self.folded(name)] = name
            let folded = written.map { Self.folded(String($0)) }
            if !folded[0].isEmpty { byFoldedFirstWord[folded[0], default: []].append((folded, name)) }
            let words = written.map { $0.lowercased() }
            byFirstWord[words[0], default: []].append(words)
            spelled.insert(String(first))
        }
        self.byFirstWord = byFirstWord.mapValues { $0.sorted { $0.count > $1.count } }
        self.spelled = spelled
        self.byFoldedName = byFoldedName
        self.byFoldedFirstWord = byFoldedFirstWord.mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }

    /// The brand a typed description starts with, as the list spells it ("nike hoodie black" → "Nike", "levis 501 jeans" →
    /// "Levi's", "dr martens boots" → "Dr. Martens"): people type in any case and leave out the punctuation.
    func brand(inTypedText text: String) -> String? {
        guard text.utf8.count <= 300 else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let first = words.first, let candidates = byFoldedFirstWord[Self.folded(String(first))] else { return nil }
        for candidate in candidates where candidate.words.count < words.count {
            if zip(words, candidate.words).allSatisfy({ Self.folded(String($0)) == $1 }) { return candidate.name }
        }
        return nil
    }

    /// The maker whose own shop a host is ("www.bose.com" → "Bose", "www.thenorthface.de" → "The North Face"): a label of
    /// the host spells one of the brands, less spaces and punctuation. Labels shorter than four letters name no maker.
    func brand(forHost host: String?) -> String? {
        ShopName.labels(of: host).lazy.filter { $0.count >= 4 }.compactMap { byFoldedName[$0] }.first
    }

    /// Whether two spellings name the same maker ("ARKET" and "Arket").
    static func sameMaker(_ one: String, _ other: String) -> Bool {
        folded(one) == folded(other)
    }

    private static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The brand a name leads with, spelled as the name spells it: at its head ("Nike Air Max 90"), or after one or
    /// two words of the product's kind, as Spanish, Portuguese and Italian names put it ("Notebook Lenovo IdeaPad 3i",
    /// "Zapatillas Nike Revolution"). Not after a word that makes it the device a part fits ("Hülle für Samsung",
    /// "Funda Samsung Galaxy"), and not a brand the name is only made of.
    func brand(inName name: String) -> String? {
        guard !byFirstWord.isEmpty, name.utf8.count <= 300 else { return nil }
        let words = name.split(separator: " ")
        for start in 0..<min(3, words.count) {
            if start > 0 {
                let lead = words[start - 1].lowercased()
                // A word before the brand must be a plain word of the kind, not a link to what the piece is for.
                guard !Self.forWords.contains(lead), lead.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
            }
            if let brand = match(words, at: start) { return brand }
        }
        return nil
    }

    /// The brand whose words stand at `words[start...]`, when the name goes on after it.
    private func match(_ words: [Substring], at start: Int) -> String? {
        let head = Self.bare(words[start])
        guard let candidates = byFirstWord[head.lowercased()] else { return nil }
        // A brand word is capitalised, or spelled as the brand spells it ("adidas", "iHome"); "apple pie" is no Apple.
        guard let initial = head.first, initial.isUppercase || initial.isNumber || spelled.contains(head) else {
            return nil
        }
        for brand in candidates where start + brand.count < words.count {
            let taken = words[start..<start + brand.count].map(Self.bare)
            guard zip(taken, brand).allSatisfy({ $0.lowercased() == $1 }) else { continue }
            // In a name written in sentence case ("Apple cider vinegar, 500 ml") the first word's capital only starts the
            // sentence: a brand there must be spelled the way only a brand is (all capitals, inner capitals, "adidas").
            let rest = words[(start + brand.count)...]
            let worded = rest.filter { $0.contains(where: \.isLetter) }
            if start == 0, !worded.isEmpty, worded.allSatisfy(Self.isLowercaseWord), !taken.contains(where: Self.isBrandSpelling) { return nil }
            return taken.joined(separator: " ")
        }
        return nil
    }

    /// Whether a word's letters are all lowercase and no model number holds them ("cider", "500ml"; not "D3400" or "i5").
    private static func isLowercaseWord(_ word: Substring) -> Bool {
        guard !word.contains(where: \.isUppercase) else { return false }
        return !word.contains(where: \.isNumber) || word.first?.isNumber == true
    }

    /// Whether a word is spelled as no sentence would start it: all capitals, a capital inside, or no capital at all.
    private static func isBrandSpelling(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        guard let first = letters.first else { return false }
        return !first.isUppercase || letters.count >= 2 && letters.dropFirst().contains(where: \.isUppercase)
    }

    /// A word without the marks and punctuation a name sets after a brand ("Nike®", "Lenovo,").
    private static func bare(_ word: Substring) -> String {
        String(word.drop { $0 == "(" || $0 == "\"" }.reversed().drop { "®™©,:;)\"".contains($0) }.reversed())
    }

    /// Words that make the brand after them the device or machine the product fits, in the importer's languages.
    private static let forWords: Set<String> = [
        "for", "für", "pour", "para", "per", "voor", "dla", "для", "with", "mit", "avec", "con", "com", "compatible", "compatibile",
        "kompatibel", "passend", "fits", "replacement", "ersatz", "like", "vs", "und", "and", "et", "y", "e", "og",
        "case", "cover", "hülle", "schutzhülle", "funda", "coque", "custodia", "etui", "capa", "capinha", "cable", "kabel",
        "charger", "ladegerät", "adapter", "strap", "armband", "correa", "bracelet", "protector", "displayschutz", "panzerglas",
        "akku", "battery", "batterie", "toner", "cartridge", "filter", "ersatzteil", "spare", "sticker", "skin",
    ]
}
