import JSON

extension OccasionCatalog {
    /// Loads and validates a catalog from JSON text shaped like `bot-config/occasions.json`.
    ///
    /// Errors name the offending key, e.g. `occasions[2].formality.target`.
    public init(jsonText: String) throws(ClosetError) {
        let root: JSON
        do { root = try JSON.parse(jsonText) } catch { throw .invalidJSON(error) }
        try self.init(json: root)
    }

    /// Builds a catalog from an already parsed JSON value.
    public init(json root: JSON) throws(ClosetError) {
        guard root.object != nil else { throw .invalidOccasions(key: "(root)", reason: "expected an object") }
        guard let list = root["occasions"]?.array else {
            throw .invalidOccasions(key: "occasions", reason: "expected an array of occasions")
        }
        guard !list.isEmpty else { throw .invalidOccasions(key: "occasions", reason: "needs at least one occasion") }
        var occasions: [Occasion] = []
        var seen: [String: String] = [:]
        for (index, entry) in list.enumerated() {
            let occasion = try Self.occasion(from: entry, path: "occasions[\(index)]")
            for word in [occasion.name] + occasion.aliases {
                let key = Self.normalized(word)
                if let owner = seen[key] {
                    throw .invalidOccasions(
                        key: "occasions[\(index)]", reason: "\"\(word)\" is already used by \"\(owner)\"")
                }
                seen[key] = occasion.name
            }
            occasions.append(occasion)
        }
        let weights = try root["weights"].map { value throws(ClosetError) in try ScoringWeights(json: value) }
        self.init(occasions: occasions, weights: weights)
    }

    private static func occasion(from entry: JSON, path: String) throws(ClosetError) -> Occasion {
        guard entry.object != nil else { throw .invalidOccasions(key: path, reason: "expected an object") }
        guard let name = entry["name"]?.string, !normalized(name).isEmpty else {
            throw .invalidOccasions(key: "\(path).name", reason: "expected a non-empty string")
        }
        var aliases: [String] = []
        if let value = entry["aliases"], !value.isNull {
            guard let array = value.array else {
                throw .invalidOccasions(key: "\(path).aliases", reason: "expected an array of strings")
            }
            for (index, alias) in array.enumerated() {
                guard let text = alias.string, !normalized(text).isEmpty else {
                    throw .invalidOccasions(key: "\(path).aliases[\(index)]", reason: "expected a non-empty string")
                }
                aliases.append(text)
            }
        }
        guard let formality = entry["formality"], formality.object != nil else {
            throw .invalidOccasions(key: "\(path).formality", reason: "expected an object with min, max and target")
        }
        let low = try level(formality["min"], key: "\(path).formality.min")
        let high = try level(formality["max"], key: "\(path).formality.max")
        guard low <= high else {
            throw .invalidOccasions(key: "\(path).formality.max", reason: "must be at least min (\(low))")
        }
        let target = try level(formality["target"], key: "\(path).formality.target")
        guard (low...high).contains(target) else {
            throw .invalidOccasions(key: "\(path).formality.target", reason: "must lie between min and max")
        }
        let warmth = try choice(entry["warmth"], key: "\(path).warmth", as: WarmthPreference.self)
        let outerwear = try choice(entry["outerwear"], key: "\(path).outerwear", as: OuterwearPreference.self)
        return Occasion(
            name: name, aliases: aliases, formality: low...high, targetFormality: target,
            warmth: warmth, outerwear: outerwear ?? .optional)
    }

    private static func level(_ value: JSON?, key: String) throws(ClosetError) -> Int {
        guard let number = value?.int, (1...5).contains(number) else {
            throw .invalidOccasions(key: key, reason: "expected a whole number from 1 to 5")
        }
        return Int(number)
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSON?, key: String, as type: Choice.Type
    ) throws(ClosetError) -> Choice? where Choice.RawValue == String {
        guard let value, !value.isNull else { return nil }
        guard let text = value.string, let parsed = Choice(rawValue: text.lowercased()) else {
            let options = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidOccasions(key: key, reason: "expected one of \(options)")
        }
        return parsed
    }
}
