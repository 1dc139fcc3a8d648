import Foundation
import Testing

/// No user-facing English left in the code of translated features: their replies, buttons and refusals come
/// from the catalogs. A heuristic over the source text, kept simple on purpose: it flags string literals
/// that read like words where a message is built, and lets through log lines, error descriptions for logs,
/// comments, catalog keys, button actions and dictionary keys.
@Suite struct UserFacingStringScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// Folders (or single files) whose user-facing text is translated.
    static let converted = [
        "Sources/Chat", "Sources/Bot/Import", "Sources/Bot/Privacy", "Sources/Bot/Language", "Sources/Bot/Features.swift",
        "Sources/Bot/Closet", "Sources/Bot/Voting", "Sources/Bot/Daily", "Sources/Bot/Stats", "Sources/Bot/TryOn",
    ]

    /// Features not translated yet, each with why. The lead removes an entry once its folder is converted
    /// (and then this test holds it to the same rule). Empty since `/tryon`, `/me` and `/key` were converted.
    static let notYetConverted: [String] = []

    /// Code whose English is meant: the operator's command line (`wardrobe closet`, `wardrobe bench`…). The scan
    /// must find it there, or a clean result for the converted folders would mean nothing.
    static let englishOnPurpose = "Sources/wardrobe"

    /// Files of the converted folders that build no messages, with why.
    static let internalFiles: [String: String] = [
        "OutgoingMessage+Outbox.swift": "the codec of stored outbox messages; its errors are internal and go to the log",
        "OutboundMessenger.swift": "its one error is internal (a transport not running) and goes to the log",
        "RichText.swift": "HTML markup, no words",
        "OutfitExplainer.swift": "the language model's prompt (English for the model); its one sentence is shown as the model wrote it",
        "DailySettings.swift": "configuration defaults; the default occasion is shown through its catalog name",
        "WearDateWords.swift": "the words for days that /wore reads in what people type, in five languages; it builds no messages",
    ]

    /// Lines that are not messages to a user: logs (also `logger?.` and `logger.with(…).info(`), error descriptions
    /// for logs, comments, a command's usage (its syntax stays English, like the command names), words a `case`
    /// matches in what the user typed, and date format patterns.
    static let exempt = try! NSRegularExpression(
        pattern: #"^\s*//|\b(logger|log)\b\??.*\.(trace|debug|info|notice|warning|error|critical)\(|\bdescription\b|\bdetail\b|describeSetAside|\bCommand\("[a-z]+", usage:|^\s*case "|dateFormat ="#)
    /// Calls that put text in front of a user; a capitalized literal in them is suspicious, even a single word ("Save").
    static let messageCall = try! NSRegularExpression(
        pattern: #"reply\(|button\(|\.plain\(|\.bold\(|UserMessageError\(|summary:|notice:|RichText\("#)
    static let catalogKey = try! NSRegularExpression(pattern: #"^[a-z0-9_]+(\.[a-z0-9_]+)+$"#)
    static let words = try! NSRegularExpression(pattern: #"[A-Za-z]{2,}[ ,'][A-Za-z]{2,}"#)

    static func swiftFiles(_ path: String) -> [URL] {
        let url = root.appendingPathComponent(path)
        if path.hasSuffix(".swift") { return [url] }
        let items = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return items.filter { $0.pathExtension == "swift" }
    }

    /// String literals on one line, with interpolations blanked, each with what follows it.
    static func literals(in line: String) -> [(text: String, followedByColon: Bool)] {
        var found: [(String, Bool)] = []
        var current: String?
        var depth = 0
        var escaped = false
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if var text = current {
                if escaped {
                    escaped = false
                    if character == "(" { depth += 1 }
                } else if character == "\\" {
                    escaped = true
                } else if depth > 0 {
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                } else if character == "\"" {
                    let rest = characters[(index + 1)...].drop(while: { $0 == " " })
                    found.append((text, rest.first == ":"))
                    current = nil
                    index += 1
                    continue
                } else {
                    text.append(character)
                }
                if current != nil { current = text }
            } else if character == "\"" {
                current = ""
            }
            index += 1
        }
        return found
    }

    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// "file:line: text" for every literal that looks like a message to a user.
    static func findings(in paths: [String]) throws -> [String] {
        var result: [String] = []
        for file in paths.flatMap(swiftFiles) where internalFiles[file.lastPathComponent] == nil {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !matches(exempt, line) {
                let inMessage = matches(messageCall, line)
                for literal in literals(in: line) where !literal.followedByColon && !matches(catalogKey, literal.text) {
                    let wordy = matches(words, literal.text)
                    let capitalized = literal.text.first(where: \.isLetter)?.isUppercase == true
                    if wordy || (inMessage && capitalized) {
                        result.append("\(file.lastPathComponent):\(number + 1): \"\(literal.text)\"")
                    }
                }
            }
        }
        return result
    }

    @Test func convertedFoldersHaveNoUserFacingLiterals() throws {
        let findings = try Self.findings(in: Self.converted)
        #expect(findings.isEmpty, "move these to bot-config/locales/*.json:\n\(findings.joined(separator: "\n"))")
    }

    @Test func theScanFindsTheEnglishOfTheOperatorsCommandLine() throws {
        // The heuristic must see English where it is meant, or a clean result above means nothing.
        let findings = try Self.findings(in: [Self.englishOnPurpose])
        #expect(findings.count > 10)
    }

    @Test func everyFeatureFolderIsEitherConvertedOrListedAsWaiting() throws {
        let bot = Self.root.appendingPathComponent("Sources/Bot")
        let folders = try FileManager.default.contentsOfDirectory(atPath: bot.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: bot.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        for folder in folders {
            let path = "Sources/Bot/\(folder)"
            #expect(Self.converted.contains(path) || Self.notYetConverted.contains(path), "\(path) is neither converted nor listed as waiting")
        }
    }

    @Test func literalsAreReadWithInterpolationsBlanked() {
        let found = Self.literals(in: #"reply("Saved \(item.name("x")) now", key: "a.b") ["number": 1]"#)
        #expect(found.map(\.text) == ["Saved  now", "a.b", "number"])
        #expect(found.map(\.followedByColon) == [false, false, true])
    }
}
