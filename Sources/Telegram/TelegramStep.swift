import Chat
import Foundation

/// One Bot API call of an outgoing message. A message becomes a fixed list of steps (a long text is
/// several `sendMessage`s, an album with buttons is `sendMediaGroup` plus a text), so the outbox can
/// record each step as Telegram answers it and a restart resumes after the last one recorded.
enum TelegramStep: Sendable {
    case text(RichText, buttons: [[Button]], replyTo: MessageRef?)
    case photo(OutgoingImage, caption: RichText?, buttons: [[Button]])
    case album([OutgoingImage], caption: RichText?)
    case document(fileName: String, bytes: [UInt8], mimeType: String, caption: RichText?)
    case edit(MessageRef, RichText, buttons: [[Button]])
    case editButtons(MessageRef, [[Button]])
    case delete(MessageRef)
    case poll(question: String, options: [String], closeDate: Date?)
    case stopPoll(MessageRef)
    case action(ChatAction)
    case answerButton(callbackID: String, notice: String?)

    /// How many messages the step posts (their ids become the message's references).
    var postedCount: Int {
        switch self {
        case .text, .photo, .document, .poll: return 1
        case .album(let images, _): return images.count
        default: return 0
        }
    }

    /// The message this step refers to (edits, deletes, replies), which must be posted first.
    var reference: MessageRef? {
        switch self {
        case .text(_, _, let replyTo): return replyTo
        case .edit(let ref, _, _), .editButtons(let ref, _), .delete(let ref), .stopPoll(let ref): return ref
        default: return nil
        }
    }

    /// The same step pointing at `ref` instead (a pending reference swapped for the posted message).
    func referring(to ref: MessageRef?) -> TelegramStep {
        switch self {
        case .text(let text, let buttons, _): return .text(text, buttons: buttons, replyTo: ref)
        case .edit(_, let text, let buttons): return ref.map { .edit($0, text, buttons: buttons) } ?? self
        case .editButtons(_, let buttons): return ref.map { .editButtons($0, buttons) } ?? self
        case .delete: return ref.map { .delete($0) } ?? self
        case .stopPoll: return ref.map { .stopPoll($0) } ?? self
        default: return self
        }
    }

    /// The steps of `message`, in the order they are sent.
    static func plan(_ message: OutgoingMessage) -> [TelegramStep] {
        switch message {
        case .text(let text, let buttons, let replyTo):
            return texts(text, buttons: buttons, replyTo: replyTo)
        case .photos(let images, let caption, let buttons):
            return photos(images, caption: caption, buttons: buttons)
        case .edit(let ref, let text, let buttons):
            // An edit cannot grow into two messages: keep the first piece that fits.
            return [.edit(ref, MessageSplitter.split(text).first ?? "…", buttons: buttons)]
        case .editButtons(let ref, let buttons):
            return [.editButtons(ref, buttons)]
        case .delete(let ref):
            return [.delete(ref)]
        case .document(let name, let bytes, let mime, let caption):
            let fits = caption.map { MessageSplitter.visibleLength($0) <= MessageSplitter.captionLimit } ?? true
            return [.document(fileName: name, bytes: bytes, mimeType: mime, caption: fits ? caption : nil)]
                + (fits ? [] : texts(caption ?? "…", buttons: [], replyTo: nil))
        case .poll(let question, let options, let closeDate):
            return [.poll(question: question, options: options, closeDate: closeDate)]
        case .stopPoll(let ref):
            return [.stopPoll(ref)]
        case .action(let action):
            return [.action(action)]
        case .answerButton(let id, let notice):
            return [.answerButton(callbackID: id, notice: notice)]
        }
    }

    /// Text as messages of at most 4096 visible characters; buttons go on the last, the reply on the first.
    private static func texts(_ text: RichText, buttons: [[Button]], replyTo: MessageRef?) -> [TelegramStep] {
        let split = MessageSplitter.split(text)
        let pieces = split.isEmpty ? ["…"] : split
        return pieces.enumerated().map { index, piece in
            .text(piece, buttons: index == pieces.count - 1 ? buttons : [], replyTo: index == 0 ? replyTo : nil)
        }
    }

    /// One photo → sendPhoto; 2–10 → sendMediaGroup (more are sent as several albums). Albums cannot
    /// carry buttons, so buttons (with the caption) follow in a text message. A caption over 1024
    /// characters moves to a follow-up message too.
    private static func photos(_ images: [OutgoingImage], caption: RichText?, buttons: [[Button]]) -> [TelegramStep] {
        guard !images.isEmpty else { return texts(caption ?? "…", buttons: buttons, replyTo: nil) }
        let fits = { (text: RichText) in MessageSplitter.visibleLength(text) <= MessageSplitter.captionLimit }
        if images.count == 1 {
            let text = caption ?? images[0].caption
            let inline = text.map(fits) ?? true
            let photo = TelegramStep.photo(images[0], caption: inline ? text : nil, buttons: inline ? buttons : [])
            guard let text, !inline else { return [photo] }
            return [photo] + texts(text, buttons: buttons, replyTo: nil)
        }
        var steps: [TelegramStep] = []
        // The album caption sits on the first photo unless it must carry buttons or is too long.
        let followUp = caption.map { !buttons.isEmpty || !fits($0) } ?? !buttons.isEmpty
        for start in stride(from: 0, to: images.count, by: 10) {
            let chunk = Array(images[start..<min(start + 10, images.count)])
            let albumCaption = start == 0 && !followUp ? caption : nil
            steps.append(chunk.count == 1
                ? .photo(chunk[0], caption: albumCaption ?? chunk[0].caption, buttons: [])
                : .album(chunk, caption: albumCaption))
        }
        if followUp { steps += texts(caption ?? "Choose one:", buttons: buttons, replyTo: nil) }
        return steps
    }
}
