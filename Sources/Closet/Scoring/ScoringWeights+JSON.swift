import JSON

extension ScoringWeights {
    /// Reads weights from a JSON object such as `{"formality": 2, "patterns": 1.5}`.
    ///
    /// Missing keys keep their defaults; unknown keys and values outside 0…100 are errors.
    public init(json: JSON) throws(ClosetError) {
        self.init()
        guard let members = json.object else { throw .invalidWeights(key: "weights", reason: "expected an object") }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let number = value.double, number.isFinite else {
                throw .invalidWeights(key: "weights.\(key)", reason: "expected a number")
            }
            if key == "recency_days" {
                guard number > 0 else { throw .invalidWeights(key: "weights.\(key)", reason: "must be above 0") }
                recencyDays = number
                continue
            }
            guard let name = ScoreTerm.Name(rawValue: key) else {
                let known = ScoreTerm.Name.allCases.map(\.rawValue) + ["recency_days"]
                throw .invalidWeights(key: "weights.\(key)", reason: "unknown; expected one of \(known.joined(separator: ", "))")
            }
            guard (0...Self.maximum).contains(number) else {
                throw .invalidWeights(key: "weights.\(key)", reason: "must be between 0 and \(Int(Self.maximum))")
            }
            setWeight(number, of: name)
        }
    }

    /// The weights as a JSON object, in the shape `init(json:)` reads.
    public var json: JSON {
        var members: [String: JSON] = ["recency_days": .double(recencyDays)]
        for name in ScoreTerm.Name.allCases { members[name.rawValue] = .double(weight(of: name)) }
        return .object(members)
    }
}
