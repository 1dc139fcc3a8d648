import Closet

extension KeywordRules {
    /// The colours named in words a user typed, each keeping the user's own words as its name
    /// ("sky blue" stays "sky blue") in the family the rules give it (blue).
    ///
    /// Page text keeps the rules' normalized names; only typed text is the user's own wording.
    public func typedColors(in text: String) -> [ItemColor] {
        let typed = KeywordText(text)
        var result: [ItemColor] = []
        for match in colors.matches(in: typed) where match.isExact {
            guard let value = match.value else { continue }
            let name = typed.words[match.start..<(match.start + match.length)].joined(separator: " ")
            let color = ItemColor(name: name.isEmpty ? value.name : name, family: value.family)
            if !result.contains(color) { result.append(color) }
        }
        return result
    }
}
