import Chat
import Foundation
import Synchronization

/// A transport that records everything the bot sends, for try-on flow tests.
final class RecordingChatTransport: ChatTransport {
    let name: String
    let capabilities: TransportCapabilities
    private let sent = Mutex<[OutgoingMessage]>([])

    init(name: String = "test", edits: Bool = true, inlineButtons: Bool = true, deletesUserMessages: Bool = false) {
        self.name = name
        capabilities = TransportCapabilities(inlineButtons: inlineButtons, edits: edits, polls: false, deletesUserMessages: deletesUserMessages)
    }

    func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        let (start, count) = sent.withLock { list -> (Int, Int) in
            list.append(message)
            if case .photos(let images, _, _) = message { return (list.count, max(1, images.count)) }
            return (list.count, 1)
        }
        return (0..<count).map { MessageRef(chatID: chat.id, messageID: "m\(start)-\($0)") }
    }

    var messages: [OutgoingMessage] { sent.withLock { $0 } }

    /// Plain texts of text messages and edits, in order.
    var texts: [String] {
        messages.compactMap { message in
            switch message {
            case .text(let text, _, _), .edit(_, let text, _): return text.plainText
            default: return nil
            }
        }
    }

    /// Text of the edits only.
    var edits: [String] {
        messages.compactMap { if case .edit(_, let text, _) = $0 { return text.plainText } else { return nil } }
    }

    /// Every photo message: its images and caption.
    var photoMessages: [(images: [OutgoingImage], caption: String?, buttons: [[Button]])] {
        messages.compactMap { if case .photos(let images, let caption, let buttons) = $0 { return (images, caption?.plainText, buttons) } else { return nil } }
    }

    var deletions: [MessageRef] {
        messages.compactMap { if case .delete(let ref) = $0 { return ref } else { return nil } }
    }

    var actions: Int {
        messages.filter { if case .action = $0 { return true } else { return false } }.count
    }

    /// The most recent button titled `title`.
    func button(_ title: String) -> Button? {
        messages.reversed().lazy.compactMap { $0.buttons?.flatMap { $0 }.first { $0.title == title } }.first
    }
}
