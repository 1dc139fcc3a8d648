/// Parses Telegram's HTML parse mode the way the Bot API does: only its tags, balanced, and only
/// the four named entities plus numeric ones. Returns the visible text or the Bot API's complaint.
enum TelegramHTML {
    static let allowedTags: Set<String> = [
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "span", "tg-spoiler", "tg-emoji", "blockquote",
    ]

    static func visibleText(_ html: String) -> Result<String, FakeBotError> {
        var visible = ""
        var stack: [String] = []
        let characters = Array(html)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<" {
                guard let end = characters[index...].firstIndex(of: ">") else {
                    return .failure(.badRequest("can't parse entities: Unclosed start tag at byte offset \(index)"))
                }
                let inner = String(characters[(index + 1)..<end])
                if inner.hasPrefix("/") {
                    let name = String(inner.dropFirst()).trimmingCharacters(in: " ").lowercased()
                    guard let open = stack.popLast(), open == name else {
                        return .failure(.badRequest("can't parse entities: Unexpected end tag at byte offset \(index)"))
                    }
                } else {
                    let name = String(inner.prefix { $0 != " " }).lowercased()
                    guard allowedTags.contains(name) else {
                        return .failure(.badRequest("can't parse entities: Unsupported start tag \"\(name)\" at byte offset \(index)"))
                    }
                    if name == "a", !inner.contains("href=") {
                        return .failure(.badRequest("can't parse entities: Tag \"a\" must have attribute \"href\""))
                    }
                    stack.append(name)
                }
                index = end + 1
            } else if character == "&" {
                guard let end = characters[index...].prefix(12).firstIndex(of: ";") else {
                    return .failure(.badRequest("can't parse entities: Can't find end of the entity starting at byte offset \(index)"))
                }
                let name = String(characters[(index + 1)..<end])
                switch name {
                case "lt": visible += "<"
                case "gt": visible += ">"
                case "amp": visible += "&"
                case "quot": visible += "\""
                default:
                    guard name.hasPrefix("#"), let scalar = numericEntity(name.dropFirst()) else {
                        return .failure(.badRequest("can't parse entities: Unsupported entity \"\(name)\" at byte offset \(index)"))
                    }
                    visible.unicodeScalars.append(scalar)
                }
                index = end + 1
            } else if character == ">" {
                // Telegram tolerates a bare ">", but Wardrobe always escapes; flag it so escaping bugs show.
                return .failure(.badRequest("can't parse entities: unescaped \">\" at byte offset \(index)"))
            } else {
                visible.append(character)
                index += 1
            }
        }
        if let open = stack.last { return .failure(.badRequest("can't parse entities: Can't find end tag corresponding to start tag \"\(open)\"")) }
        return .success(visible)
    }

    private static func numericEntity(_ text: Substring) -> Unicode.Scalar? {
        let value = text.hasPrefix("x") ? UInt32(text.dropFirst(), radix: 16) : UInt32(text)
        return value.flatMap(Unicode.Scalar.init)
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

/// A Bot API error the fake server answers with.
struct FakeBotError: Error, Sendable {
    let code: Int
    let description: String

    static func badRequest(_ text: String) -> FakeBotError { FakeBotError(code: 400, description: "Bad Request: \(text)") }
}
