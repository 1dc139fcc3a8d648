import Chat

/// Dispatches incoming photos by the first word of their caption.
///
/// The router has one photo handler; features share it through this table. A feature claims
/// caption keywords (the closet claims `add`, the try-on flow `me`, `wear`, `try`, `garment`);
/// photos whose caption names no claimed keyword — uncaptioned photos and albums included — go to
/// the fallback (the try-on slots).
struct PhotoRouter: Sendable {
    private var handlers: [String: Router.PhotoHandler] = [:]
    private var fallback: Router.PhotoHandler?

    init() {}

    /// Sends photos captioned with any of `keywords` (case-insensitive first word) to `handler`; first claim wins.
    mutating func on(_ keywords: [String], _ handler: @escaping Router.PhotoHandler) {
        for keyword in keywords where handlers[keyword.lowercased()] == nil { handlers[keyword.lowercased()] = handler }
    }

    /// Handles photos no keyword claimed.
    mutating func otherwise(_ handler: @escaping Router.PhotoHandler) { fallback = handler }

    /// The handler for one photo event.
    var handler: Router.PhotoHandler {
        { [handlers, fallback] context, attachments, caption in
            if let word = PhotoRouter.keyword(of: caption), let handler = handlers[word] {
                try await handler(context, attachments, caption)
            } else {
                try await fallback?(context, attachments, caption)
            }
        }
    }

    /// The caption's first word, lower-cased, without a leading slash or trailing punctuation.
    static func keyword(of caption: String?) -> String? {
        guard let caption else { return nil }
        let word = caption.split(whereSeparator: { $0.isWhitespace }).first.map { String($0).lowercased() } ?? ""
        let trimmed = word.drop { $0 == "/" }.filter { $0.isLetter || $0.isNumber }
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
