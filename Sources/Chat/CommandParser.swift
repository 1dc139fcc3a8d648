/// Splits `/name@bot args` into a command name and its arguments.
public enum CommandParser {
    /// The command in `text`, or nil when it is not one. A `@botname` suffix is accepted only
    /// when it names this bot (in groups other bots' commands are not ours).
    public static func parse(_ text: String, botUsername: String?) -> (name: String, arguments: String)? {
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.first == "/" else { return nil }
        let body = trimmed.dropFirst()
        let head = body.prefix { !$0.isWhitespace }
        var name = Substring(head)
        if let at = head.firstIndex(of: "@") {
            let target = head[head.index(after: at)...]
            if let botUsername, target.lowercased() != botUsername.lowercased() { return nil }
            name = head[..<at]
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let arguments = body.dropFirst(head.count).trimmingPrefix { $0.isWhitespace }
        return (name.lowercased(), String(arguments).trimmingTrailingWhitespace())
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring { drop(while: predicate) }
}

extension String {
    /// The string without trailing spaces and newlines.
    public func trimmingTrailingWhitespace() -> String {
        var copy = self
        while copy.last?.isWhitespace == true { copy.removeLast() }
        return copy
    }
}
