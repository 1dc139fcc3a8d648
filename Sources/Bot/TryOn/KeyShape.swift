import Localization
import TryOn

/// What each service's keys look like, so a key pasted for the wrong service, or a Fal key without
/// its secret half, gets a clear hint at once instead of a failure on the next try-on.
enum KeyShape {
    /// How the service's keys are written, as shown in hints.
    static func form(_ service: TryOnService) -> String {
        switch service {
        case .openrouter: return "sk-or-v1-…"
        case .gemini: return "AIza…"
        case .fal: return "ID:SECRET"
        }
    }

    /// True when `key` has the service's shape.
    static func matches(_ key: String, service: TryOnService) -> Bool {
        switch service {
        case .openrouter: return key.hasPrefix("sk-or-")
        case .gemini: return key.hasPrefix("AIza")
        case .fal:
            let halves = key.split(separator: ":", omittingEmptySubsequences: false)
            return halves.count == 2 && halves.allSatisfy { !$0.isEmpty }
        }
    }

    /// The service whose shape the key has, if it is another one (a Gemini key sent as /key openrouter).
    static func otherService(for key: String, than service: TryOnService) -> TryOnService? {
        TryOnService.allCases.first { $0 != service && matches(key, service: $0) }
    }

    /// A hint for a key that doesn't have the service's shape, in the reader's language; nil when it has.
    static func hint(_ key: String, service: TryOnService, _ words: Phrasebook) -> String? {
        guard !matches(key, service: service) else { return nil }
        // One message per service: the article before the name differs ("an OpenRouter key", "a Gemini key").
        var text = words.string("key.shape.wrong.\(service.rawValue)", ["form": .text(form(service))])
        if let other = otherService(for: key, than: service), other != .fal {
            text += " " + words.string("key.shape.other.\(other.rawValue)")
        }
        return text
    }
}
