import Chat
import JSON

/// How the choices of a sent notice are recorded in `sent_choices`, and how a reaction maps back.
///
/// Three record shapes, all JSON objects:
/// - `{"buttons": [token, …]}`: a notice with a numbered menu; reacting with 1️⃣ presses the first token.
/// - `{"vote": pollID, "options": n}`: a numbered vote (Matrix has no native polls here); reacting votes.
/// - `{"vote_reaction": pollID, "voter": userID}`: stored under a vote reaction's own event id,
///   so redacting that reaction takes the vote back.
public enum MatrixChoices {
    /// The record for a notice offering `buttons`.
    public static func buttons(_ rows: [[Button]]) -> JSON {
        ["buttons": .array(Choices.flatten(rows).map { .string($0.token) })]
    }

    /// The record for a numbered vote with `options` choices.
    public static func vote(pollID: String, options: Int) -> JSON {
        ["vote": .string(pollID), "options": .int(Int64(options))]
    }

    /// The record kept under a reaction that voted.
    public static func voteReaction(pollID: String, voter: String) -> JSON {
        ["vote_reaction": .string(pollID), "voter": .string(voter)]
    }

    /// What a reaction with `key` on a notice recorded as `record` means, or nil when it means nothing.
    public static func payload(forReaction key: String, on record: JSON) -> EventPayload? {
        guard let index = index(ofKey: key) else { return nil }
        if let tokens = record["buttons"]?.array {
            guard index < tokens.count, let token = tokens[index].string else { return nil }
            return .button(token: token)
        }
        if let pollID = record["vote"]?.string, let count = record["options"]?.int {
            guard index < Int(count) else { return nil }
            return .vote(pollID: pollID, options: [index])
        }
        return nil
    }

    /// What a text reply on a notice recorded as `record` means: a reply with a number ("2", "2️⃣")
    /// on a vote notice is a vote; anything else stays a text message (nil).
    public static func payload(forReply text: String, on record: JSON) -> EventPayload? {
        guard let pollID = record["vote"]?.string, let count = record["options"]?.int, let index = index(ofKey: text), index < Int(count)
        else { return nil }
        return .vote(pollID: pollID, options: [index])
    }

    /// What redacting a reaction recorded as `record` means: a vote taken back, or nothing.
    public static func payload(forRedactionOf record: JSON, by sender: String) -> EventPayload? {
        guard let pollID = record["vote_reaction"]?.string, record["voter"]?.string == sender else { return nil }
        return .vote(pollID: pollID, options: [])
    }

    /// The 0-based choice a reaction key names: a keycap 1️⃣…🔟 (with or without the variation selector),
    /// or ✅/👍 for the first.
    public static func index(ofKey key: String) -> Int? {
        let bare = strip(key)
        if let match = Choices.keycaps.firstIndex(where: { strip($0) == bare }) { return match }
        return Choices.index(of: key)
    }

    private static func strip(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F }))
    }
}
