import Foundation
import Chat
import JSON

/// Builds `m.room.message` contents for the bot's messages; pure, so formatting is unit-tested.
public enum MessageFormatter {
    /// An `m.notice` with plain `body`, escaped HTML `formatted_body`, the numbered menu for `buttons`
    /// appended to both, and an `m.in_reply_to` relation when `replyTo` is given.
    public static func notice(_ text: RichText, buttons: [[Button]] = [], replyTo: String? = nil) -> JSON {
        var content = body(text, buttons: buttons)
        if let replyTo {
            content = content.setting("m.relates_to", ["m.in_reply_to": ["event_id": .string(replyTo)]])
        }
        return content
    }

    /// An `m.replace` edit of `eventID`: the new content in `m.new_content`, a `* `-prefixed fallback outside.
    public static func edit(_ eventID: String, _ text: RichText, buttons: [[Button]] = []) -> JSON {
        let new = body(text, buttons: buttons)
        var content: JSON = [
            "msgtype": "m.notice",
            "body": .string("* " + (new["body"]?.string ?? "")),
            "m.new_content": new,
            "m.relates_to": ["rel_type": "m.replace", "event_id": .string(eventID)],
        ]
        if let html = new["formatted_body"]?.string {
            content = content.setting("format", "org.matrix.custom.html").setting("formatted_body", .string("* " + html))
        }
        return content
    }

    /// An `m.image` for an uploaded image; `caption` becomes the body (Matrix 1.10 captions) when given.
    public static func image(
        uri: String, fileName: String, mimeType: String, size: Int, width: Int?, height: Int?, caption: RichText?,
        thumbnail: (uri: String, mimeType: String, size: Int, width: Int, height: Int)? = nil
    ) -> JSON {
        var info: JSON = ["mimetype": .string(mimeType), "size": .int(Int64(size))]
        if let width { info = info.setting("w", .int(Int64(width))) }
        if let height { info = info.setting("h", .int(Int64(height))) }
        if let thumbnail {
            info = info.setting("thumbnail_url", .string(thumbnail.uri)).setting("thumbnail_info", [
                "mimetype": .string(thumbnail.mimeType), "size": .int(Int64(thumbnail.size)),
                "w": .int(Int64(thumbnail.width)), "h": .int(Int64(thumbnail.height)),
            ])
        }
        var content: JSON = [
            "msgtype": "m.image", "body": .string(fileName), "filename": .string(fileName), "url": .string(uri), "info": info,
        ]
        if let caption, !caption.plainText.isEmpty {
            content = content.setting("body", .string(caption.plainText))
                .setting("format", "org.matrix.custom.html").setting("formatted_body", .string(html(caption)))
        }
        return content
    }

    /// `content` of an image or file with the plain `url` replaced by the encrypted attachment's `file` object.
    public static func encryptedAttachment(_ content: JSON, file: JSON) -> JSON {
        guard case .object(var members) = content else { return content }
        members["url"] = nil
        members["file"] = file
        return .object(members)
    }

    /// An `m.file` for an uploaded document.
    public static func file(uri: String, fileName: String, mimeType: String, size: Int, caption: RichText?) -> JSON {
        var content: JSON = [
            "msgtype": "m.file", "body": .string(fileName), "filename": .string(fileName), "url": .string(uri),
            "info": ["mimetype": .string(mimeType), "size": .int(Int64(size))],
        ]
        if let caption, !caption.plainText.isEmpty { content = content.setting("body", .string(caption.plainText)) }
        return content
    }

    /// A numbered vote as a notice: the question (with how to vote, in the voters' language) and one keycap line per option.
    public static func vote(question: String, options: [String]) -> JSON {
        var text: RichText = .bold(question)
        for (index, option) in options.enumerated() {
            let key = index < Choices.keycaps.count ? Choices.keycaps[index] : "\(index + 1)."
            text += .plain("\n\(key) \(option)")
        }
        return notice(text)
    }

    /// The notice body for `text` plus the menu line of `buttons`.
    static func body(_ text: RichText, buttons: [[Button]]) -> JSON {
        var plain = text.plainText
        var formatted = html(text)
        if !buttons.isEmpty {
            let menu = Choices.menu(buttons)
            plain += (plain.isEmpty ? "" : "\n\n") + menu
            formatted += (formatted.isEmpty ? "" : "<br><br>") + RichText.escape(menu)
        }
        return ["msgtype": "m.notice", "body": .string(plain), "format": "org.matrix.custom.html", "formatted_body": .string(formatted)]
    }

    /// `RichText.html` with line breaks kept (HTML collapses a bare newline).
    static func html(_ text: RichText) -> String {
        text.html.replacingOccurrences(of: "\n", with: "<br>")
    }
}
