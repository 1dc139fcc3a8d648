/// The remote image services a try-on can run on.
public enum TryOnService: String, Sendable, CaseIterable, Hashable {
    case openrouter, gemini, fal

    /// The name people see, e.g. "OpenRouter".
    public var displayName: String {
        switch self {
        case .openrouter: return "OpenRouter"
        case .gemini: return "Gemini"
        case .fal: return "Fal.ai"
        }
    }

    /// Parses a service name as users type it ("openrouter", "Gemini", "fal.ai").
    public init?(word: String) {
        let lowered = word.lowercased().replacingOccurrences(of: ".ai", with: "").replacingOccurrences(of: " ", with: "")
        guard let service = TryOnService(rawValue: lowered) ?? (lowered == "google" ? .gemini : nil) else { return nil }
        self = service
    }
}
