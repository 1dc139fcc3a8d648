import Closet
import HTML

extension KeywordRules {
    /// Garment words that are everyday words in another language the importer reads: German "hat"
    /// (has), "top" (great), "tank" (a fuel tank), "string" and "body" in product copy about anything,
    /// English "gonna" (Italian for a skirt) and "mono" (Spanish for a jumpsuit).
    /// A name or breadcrumb still counts them; a description alone does not.
    static let descriptionHomographs: Set<String> = ["hat", "top", "tank", "string", "body", "cap", "gonna", "mono"]

    /// Goods that clothing descriptions name in their care instructions ("machine wash", "do not
    /// tumble dry", "iron on low"): a description naming them says nothing about what is sold.
    static let careLabelKinds: Set<String> = ["washing machine", "garment care item"]

    /// The part of a name before the extras a bundle adds (" + 16GB C10 + BAG"), when that part has two words or more.
    static func beforeBundledExtras(_ name: String) -> String? {
        guard name.utf8.count <= 300, let plus = name.range(of: " + ") else { return nil }
        let before = name[..<plus.lowerBound]
        return before.split(separator: " ").count >= 2 ? String(before) : nil
    }

    /// The goods kind of a bottle the name measures in centilitres or by alcohol volume.
    static let drinkKind = "food or drink"

    /// Whether the name gives a bottle's measure: centilitres ("Glenfarclas 105 - 35cl 60%", "70 cl") or alcohol
    /// by volume ("40% vol"). Shops write a drink's size so; other liquids go in ml, and their words name them first.
    /// "3 vol." alone is a set of books, so the volume needs its per cent sign.
    static func namesADrinkMeasure(_ raw: String, _ name: KeywordText) -> Bool {
        func isNumber(_ bytes: Substring.UTF8View) -> Bool { !bytes.isEmpty && bytes.allSatisfy(ASCIIByte.isDigit) }
        let words = name.words
        for (index, word) in words.enumerated() {
            if word.hasSuffix("cl"), isNumber(word.utf8.dropLast(2)) { return true }
            if isNumber(word.utf8[...]), index + 1 < words.count, words[index + 1] == "cl" { return true }
        }
        let lowered = raw.lowercased()
        return lowered.includes("% vol") || lowered.includes("%vol")
    }

    /// Applies the rules to a piece's words. The name is read first; the breadcrumb and
    /// description only fill what the name leaves open.
    public func classify(_ input: KeywordInput) -> KeywordClassification {
        let name = KeywordText(input.name)
        let category = KeywordText(input.category ?? "")
        let material = KeywordText(input.material ?? "")
        let description = KeywordText(input.description ?? "")
        var result = KeywordClassification()

        // "Nikon D3400 Kit 18-55 VR + 16GB C10 + BAG": a garment a bundle adds after " + " is not what is sold, so garments
        // are looked for before it. Goods words still count anywhere ("… Bundle mit Kabel + Charger Smartphone", Otto),
        // and so do fit, material and colour.
        let sold = Self.beforeBundledExtras(input.name).map { KeywordText($0) } ?? name
        let head = sold.head
        let garmentInHead = lastAccessory(in: head, over: garments.best(in: head))
        let goodsInHead = goodsInHead(head, around: garmentInHead)
        var garment: Garment?
        if let dominant = dominantGoods.best(in: name) {
            // "강아지 패딩 조끼", "Regenmantel für Hunde": clothing for a pet is pet supplies.
            result.goods = dominant.value
        } else if let goodsInHead, garmentInHead.map({ Self.covers(goodsInHead, $0) }) ?? true {
            // "Toaster", "Shoe rack", "Dress form": the name's head is not clothing.
            result.goods = goodsInHead.value
        } else if let trailing = trailingGoods(in: head, after: garmentInHead) {
            result.goods = trailing
        } else {
            garment = garmentInHead?.value ?? [sold, category].lazy.compactMap { self.garment(in: $0) }.first
            if garment == nil {
                // Only the breadcrumb or the shop's product type can still say "Books" or "Kitchen".
                result.goods = goods.best(in: name)?.value ?? goods.best(in: category)?.value
                    ?? (Self.namesADrinkMeasure(input.name, name) ? Self.drinkKind : nil)
            }
            if garment == nil && result.goods == nil {
                // The description is in the shop's language, where some garment words are everyday words.
                let plain = KeywordText(words: description.words.filter { !Self.descriptionHomographs.contains($0) })
                garment = self.garment(in: plain)
                if garment == nil {
                    // A name that is a model number ("Philips HD9252/90") under no department: the
                    // description says what it is. Care-label words ("washing machine safe") are not it.
                    result.goods = goods.matches(in: description).lazy.compactMap(\.value).first { !Self.careLabelKinds.contains($0) }
                }
            }
        }
        if let garment {
            result.category = garment.category
            result.subcategory = garment.subcategory
        }

        let hints = [name, category, description].flatMap { fits.matches(in: $0).compactMap(\.value) }
        result.fit = hints.lazy.compactMap(\.fit).first ?? (garment == nil ? nil : .regular)
        if garment?.category == .bottom { result.legShape = hints.lazy.compactMap(\.legShape).first }

        let fibres = [material, name, description].lazy.map { self.fibres(in: $0) }.first { !$0.isEmpty } ?? []
        result.material = fibres.max { $0.share < $1.share }?.material.name
        // Warmth follows the warmest fibre with a real share: a nylon shell filled with down is warm.
        let fibre = fibres.filter { $0.share == 0 || $0.share >= 30 }.map(\.material).max { $0.warmth < $1.warmth }

        if let garment {
            // Only the name: descriptions say "casual" or "tailored" about anything.
            let step = formalityHints.first(in: name) ?? 0
            result.formality = min(5, max(1, garment.formality + step))
            var warmth = garment.warmth
            if let fibre {
                // Blend the garment's usual warmth with the fibre, leaning warm: wool trousers are warmer than cotton ones.
                warmth = Int((Double(garment.warmth + fibre.warmth) / 2).rounded(.up))
            }
            // The name's season words come last: a "summer dress" is light whatever its fibre.
            result.warmth = min(5, max(1, warmth + (warmthHints.first(in: name) ?? 0)))
        }

        result.pattern = [name, description].lazy.compactMap { self.patterns.first(in: $0) }.first
            ?? (garment == nil ? nil : .solid)

        for colorName in input.colorNames {
            if let color = self.color(named: colorName), !result.colors.contains(color) { result.colors.append(color) }
        }
        result.colorsFromColorNames = !result.colors.isEmpty
        if result.colors.isEmpty {
            for match in colors.matches(in: name) {
                if let color = match.value, !result.colors.contains(color) { result.colors.append(color) }
            }
        }
        if result.colors.isEmpty {
            // Descriptions name other pieces too ("pair it with white sneakers"), so only a
            // description that names exactly one color is trusted.
            let named = Set(colors.matches(in: description).compactMap(\.value))
            if named.count == 1 { result.colors = Array(named) }
        }
        return result
    }

    /// Whether the head of `name` already says the piece is goods ("Toaster", "Shoe rack"):
    /// then no breadcrumb or description can make it clothing.
    func namesGoods(_ name: String) -> Bool {
        let text = KeywordText(name)
        if dominantGoods.best(in: text) != nil { return true }
        let head = text.head
        let garment = garments.best(in: head)
        if trailingGoods(in: head, after: garment) != nil { return true }
        guard let goodsInHead = goodsInHead(head, around: garment) else { return false }
        return garment.map { Self.covers(goodsInHead, $0) } ?? true
    }

    /// The goods phrase that spans the garment word ("Workbench top" around "top", even after
    /// "Maple butcher block"), or else the head's best goods phrase.
    private func goodsInHead(_ head: KeywordText, around garment: PhraseSet<Garment>.Match?) -> PhraseSet<String>.Match? {
        let matches = goods.matches(in: head)
        if let garment, let spanning = matches.first(where: { $0.value != nil && Self.covers($0, garment) }) { return spanning }
        return PhraseSet<String>.best(among: matches)
    }

    /// "Shoe bag", "Boot socks", "Jeans belt": an English accessory word after the garment word
    /// names the thing (English puts it last), so it wins over the garment it is for ("T-shirt bag"
    /// too). French, Spanish and Italian put the thing first: "Robe portefeuille" stays a dress.
    private func lastAccessory(in head: KeywordText, over best: PhraseSet<Garment>.Match?) -> PhraseSet<Garment>.Match? {
        guard let best, best.value?.category != .accessory else { return best }
        let end = best.start + best.length
        return englishAccessories.matches(in: head).last { $0.start >= end && $0.value != nil } ?? best
    }

    /// The goods a head noun after the garment word names: "Coat hooks" are hooks, "Belt drive
    /// turntable" a turntable. Nil without a garment word or with the noun before it ("Hook coat").
    /// The last such noun is the thing: a "Jacket potato maker" is a maker, not a potato.
    private func trailingGoods(in head: KeywordText, after garment: PhraseSet<Garment>.Match?) -> String? {
        guard let garment else { return nil }
        let end = garment.start + garment.length
        return trailingGoods.matches(in: head).last { $0.start >= end }?.value ?? nil
    }

    /// The garment `text` names, unless a goods phrase spans its word: "Bean bags" around "bags" (a breadcrumb or a
    /// description of a product whose name says nothing, Ariika's "The Willow") is furniture, not a bag.
    private func garment(in text: KeywordText) -> Garment? {
        guard let match = garments.best(in: text) else { return nil }
        if goods.matches(in: text).contains(where: { $0.value != nil && Self.covers($0, match) }) { return nil }
        return match.value
    }

    /// Whether match `outer` spans all of `inner` ("shoe rack" covers "shoe").
    private static func covers<A, B>(_ outer: PhraseSet<A>.Match, _ inner: PhraseSet<B>.Match) -> Bool {
        outer.start <= inner.start && outer.start + outer.length >= inner.start + inner.length
    }

    /// The normalized color a shop's color name stands for ("Navy Blue" → navy), if known.
    /// For combined names ("Black/White") the first color wins.
    public func color(named text: String) -> ItemColor? {
        colors.first(in: KeywordText(text))
    }

    /// The fibres named in `text` with their stated share ("70% wool" → 70; 0 when none is given),
    /// in reading order. The first of equal shares is the main fibre.
    private func fibres(in text: KeywordText) -> [(material: Material, share: Int)] {
        var found: [(material: Material, share: Int)] = []
        for match in materials.matches(in: text) {
            guard let material = match.value else { continue }
            // "100 wool" (the % sign is not a word) or "wool 100".
            let before = match.start > 0 ? Int(text.words[match.start - 1]) : nil
            let afterIndex = match.start + match.length
            let after = afterIndex < text.words.count ? Int(text.words[afterIndex]) : nil
            found.append((material, min(100, before ?? after ?? 0)))
        }
        return found
    }
}
