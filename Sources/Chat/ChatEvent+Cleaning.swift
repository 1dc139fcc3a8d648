/// Invisible characters nobody types on purpose, taken out of what people send before any feature sees it.
///
/// Terminal controls (BEL, ESC sequences) would reach the console and the logs; bidirectional overrides
/// (U+202A–U+202E, U+2066–U+2069) make a stored name read differently from what it is ("‮evil" shown
/// reversed). Line breaks and tabs stay, and so do the marks right-to-left languages rely on (U+200E/F).
public enum InvisibleText {
    /// `text` without control characters (but newline and tab) and bidirectional overrides.
    public static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnwanted) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isUnwanted($0) })
        return String(scalars)
    }

    static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension ChatEvent {
    /// The same event with its words and the sender's name cleaned (`InvisibleText`).
    public var cleaned: ChatEvent {
        let name = sender.displayName.map(InvisibleText.cleaned)
        let words: EventPayload
        switch payload {
        case .text(let text): words = .text(InvisibleText.cleaned(text))
        case .command(let name, let arguments): words = .command(name: InvisibleText.cleaned(name), arguments: InvisibleText.cleaned(arguments))
        case .photos(let attachments, let caption): words = .photos(attachments, caption: caption.map(InvisibleText.cleaned))
        default: words = payload
        }
        return ChatEvent(
            id: id, chat: chat, sender: Sender(id: sender.id, displayName: name, language: sender.language), payload: words,
            message: message, replyTo: replyTo, date: date, callbackID: callbackID)
    }
}
