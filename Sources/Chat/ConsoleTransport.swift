import Foundation
import Localization
import Storage
import Support

/// The bot in a terminal: each input line is a message from `console:local`; replies are printed.
///
/// Photos are sent with `/photo PATH [PATH…] [caption]`; images the bot sends are written to
/// `outputFolder` and their paths printed. Choices are numbered: type the number to choose.
public final class ConsoleTransport: ChatTransport {
    public let name = "console"
    public let capabilities = TransportCapabilities(inlineButtons: false, edits: false, polls: false, deletesUserMessages: false)
    private let output: @Sendable (String) -> Void
    private let outputFolder: String
    private let counter = Counter()

    /// `output` receives whole lines; `outputFolder` receives images the bot sends.
    public init(outputFolder: String, output: @escaping @Sendable (String) -> Void) {
        self.outputFolder = outputFolder
        self.output = output
    }

    /// The chat every console line belongs to.
    public static let chat = ChatAddress(transport: "console", id: "local", kind: .privateChat, title: "console")
    /// The person typing.
    public static let sender = Sender(id: "local", displayName: "You")

    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        let id = await counter.next()
        let ref = MessageRef(chatID: chat.id, messageID: String(id))
        switch message {
        case .text(let text, let buttons, _):
            print(text.plainText, buttons: buttons)
        case .photos(let images, let caption, let buttons):
            for image in images {
                let path = try save(image.bytes, name: "\(id)-\(image.sha256?.prefix(12) ?? "image")", mimeType: image.mimeType)
                let size = image.width.flatMap { w in image.height.map { "\(w)×\($0)" } } ?? "\(image.bytes.count) bytes"
                output("🖼  \(path) (\(size))" + (image.caption.map { " — \($0.plainText)" } ?? ""))
            }
            print(caption?.plainText, buttons: buttons)
        case .edit(_, let text, let buttons):
            print("↻ " + text.plainText, buttons: buttons)
        case .editButtons(_, let buttons):
            print(nil, buttons: buttons)
        case .document(let fileName, let bytes, let mimeType, let caption):
            let path = try save(bytes, name: "\(id)-\(fileName)", mimeType: mimeType)
            output("📄 \(path)" + (caption.map { " — \($0.plainText)" } ?? ""))
        case .poll(let question, let options, _):
            output("📊 \(question)\n" + options.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
        case .delete, .stopPoll, .action, .answerButton:
            break
        }
        return [ref]
    }

    /// Turns one input line into an event; `/photo` lines carry image files.
    public func event(for line: String, number: Int, botUsername: String? = nil) -> ChatEvent? {
        let trimmed = line.trimmingTrailingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let payload: EventPayload
        if let command = CommandParser.parse(trimmed, botUsername: botUsername) {
            if command.name == "photo" {
                payload = ConsoleTransport.photoPayload(command.arguments)
            } else {
                payload = .command(name: command.name, arguments: command.arguments)
            }
        } else {
            payload = .text(trimmed)
        }
        return ChatEvent(
            id: "console-\(number)", chat: ConsoleTransport.chat, sender: ConsoleTransport.sender, payload: payload,
            message: MessageRef(chatID: "local", messageID: "in-\(number)"))
    }

    static func photoPayload(_ arguments: String) -> EventPayload {
        var paths: [String] = []
        var captionWords: [Substring] = []
        for word in arguments.split(separator: " ") {
            let path = (String(word) as NSString).expandingTildeInPath
            if captionWords.isEmpty, FileManager.default.fileExists(atPath: path) { paths.append(path) } else { captionWords.append(word) }
        }
        let attachments = paths.map { path in
            Attachment(id: path, mimeType: nil, byteCount: nil, fileName: (path as NSString).lastPathComponent) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw LocalizedUserMessageError("chat.console.unreadable", ["path": .text(path)])
                }
                return [UInt8](data)
            }
        }
        if attachments.isEmpty {
            // No file: an attachment that fails with the reason, so the reply says what is wrong with the path.
            let first = captionWords.first.map(String.init)
            let problem = first.map { LocalizedUserMessageError("chat.console.no_file", ["path": .text(($0 as NSString).expandingTildeInPath)]) }
                ?? LocalizedUserMessageError("chat.console.photo_usage")
            let missing = Attachment(id: first ?? "photo", mimeType: nil, byteCount: nil, fileName: nil) { throw problem }
            return .photos([missing], caption: captionWords.count > 1 ? captionWords.dropFirst().joined(separator: " ") : nil)
        }
        return .photos(attachments, caption: captionWords.isEmpty ? nil : captionWords.joined(separator: " "))
    }

    private func print(_ text: String?, buttons: [[Button]]) {
        var lines: [String] = []
        if let text, !text.isEmpty { lines.append(text) }
        // The hint is the range to type, in no language: this line has no reader's language, and /help words it.
        let count = buttons.joined().count
        if count > 0 { lines.append("   " + Choices.menu(buttons) + (count == 1 ? "   ⌨ 1" : "   ⌨ 1–\(count)")) }
        if !lines.isEmpty { output(lines.joined(separator: "\n")) }
    }

    private func save(_ bytes: [UInt8], name: String, mimeType: String) throws -> String {
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
        let ext = Store.fileExtension(for: mimeType)
        let file = name.hasSuffix(".\(ext)") || name.contains(".") ? name : "\(name).\(ext)"
        let path = "\(outputFolder)/\(file)"
        try AtomicFile.write(bytes, to: path, mode: 0o600)
        return path
    }
}

/// A monotonically increasing message counter.
actor Counter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
