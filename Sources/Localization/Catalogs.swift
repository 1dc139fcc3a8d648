import Support
import Synchronization

/// The message catalogs of every language, with English as the fallback for a missing key.
public final class Catalogs: Sendable {
    /// The catalog of each language (a language whose file could not be read has an empty one).
    public let catalogs: [Language: Catalog]
    private let logger: Logger?
    /// Keys already reported missing, so a missing key costs one log line, not one per message.
    private let reported = Mutex<Set<String>>([])

    /// Catalogs per language; `logger` gets one warning per key a language lacks.
    public init(catalogs: [Language: Catalog], logger: Logger? = nil) {
        self.catalogs = catalogs
        self.logger = logger
    }

    /// The built-in catalogs only, without logging (what the bot uses when no other catalogs are given).
    public static let builtIn = Catalogs.load(folder: nil, logger: nil).catalogs

    /// True when `language`'s own catalog has `key` (no fallback).
    public func has(_ key: String, in language: Language) -> Bool { catalogs[language]?.entries[key] != nil }

    /// The message `key` in `language` with its placeholders filled; English when the language lacks it,
    /// the key itself when English lacks it too (logged once per key and language, never a crash).
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:], in language: Language) -> LocalizedText {
        let entry: Catalog.Entry
        var used = language
        if let found = catalogs[language]?.entries[key] {
            entry = found
        } else if let english = catalogs[.en]?.entries[key] {
            report(key, language)
            entry = english
            used = .en
        } else {
            report(key, .en)
            return LocalizedText(runs: [.init(text: key, bold: false)])
        }
        return fill(entry, arguments, in: used)
    }

    /// The message as plain text (for button titles, notices and error messages).
    public func string(_ key: String, _ arguments: [String: MessageArgument] = [:], in language: Language) -> String {
        text(key, arguments, in: language).plain
    }

    /// The message for a localized error or refusal.
    public func text(_ message: LocalizedMessage, in language: Language) -> LocalizedText {
        text(message.key, message.arguments, in: language)
    }

    private func fill(_ entry: Catalog.Entry, _ arguments: [String: MessageArgument], in language: Language) -> LocalizedText {
        let template: String
        switch entry {
        case .text(let text):
            template = text
        case .plural(let forms):
            var count = 0
            if case .integer(let value)? = arguments["count"] { count = value }
            template = forms[language.pluralCategory(of: count)] ?? forms[.other] ?? ""
        }
        let runs = Template.parse(template).map { part -> LocalizedText.Run in
            switch part {
            case .literal(let text, let bold):
                return .init(text: text, bold: bold)
            case .placeholder(let name, let bold):
                // A placeholder without a value shows its name in braces, so the gap is visible but harmless.
                return .init(text: arguments[name]?.formatted(in: language) ?? "{\(name)}", bold: bold)
            }
        }
        return LocalizedText(runs: runs)
    }

    private func report(_ key: String, _ language: Language) {
        let first = reported.withLock { $0.insert("\(language.rawValue):\(key)").inserted }
        if first { logger?.warning("message missing from catalog; using English", ["key": key, "language": language.rawValue]) }
    }
}
