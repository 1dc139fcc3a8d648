import Chat
import Closet
import Foundation
import Images
import JSON
import Localization
import ProductImport
import Support

/// Adding pieces: a pasted product link (or `/add URL`), `/add TEXT`, or a photo captioned `add TEXT`.
/// Every path shows a draft the user confirms or corrects before anything is saved.
struct ImportFeature {
    let environment: BotEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("add", usage: "LINK | TEXT", topic: .closet) {
            context, arguments in
            let text = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else {
                throw LocalizedUserMessageError("import.usage")
            }
            if let link = LinkFinder.firstLink(in: text) ?? LinkFinder.bareWebLink(text) {
                try await importLink(link, context: context)
            } else if let scheme = LinkFinder.otherScheme(text) {
                // ftp://, file://, javascript:… are links the bot never opens, not a piece's description.
                throw LocalizedUserMessageError("import.link.scheme", ["scheme": .text(scheme)])
            } else {
                try await draftFromText(text, photo: nil, context: context)
            }
        })
        builder.onText { context, text in
            if try await DraftEditing.takeTypedColor(text, context: context, rules: environment.rules) { return true }
            if try await DraftEditing.takeTypedSize(text, context: context) { return true }
            if let link = LinkFinder.firstLink(in: text) {
                try await importLink(link, context: context)
                return true
            }
            // A lone "www.shop.example/item" or "ftp://…" sent to the bot is a link too; in a group's chatter it is not ours.
            guard context.isSpokenTo else { return false }
            if let link = LinkFinder.bareWebLink(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                try await importLink(link, context: context)
                return true
            }
            if let scheme = LinkFinder.otherScheme(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                throw LocalizedUserMessageError("import.link.scheme", ["scheme": .text(scheme)])
            }
            return false
        }
        DraftEditing(environment: environment).register(on: &builder)
    }

    /// Fetches the page, extracts the product and its photo, and shows the draft.
    func importLink(_ link: String, context: ChatContext) async throws {
        // "https://" alone, or a link with no host, is refused before the bot says it is reading anything.
        _ = try ProductFetcher.checkedURL(link)
        let progress = try await context.reply(context.text("import.reading"))
        // A refusal replaces the "Reading the page…" note where the transport can delete it, so the chat
        // does not keep saying the bot is still reading.
        func dropProgress() async {
            if let progress, context.transport.capabilities.edits { _ = try? await context.send(.delete(progress)) }
        }
        let product: ProductDraft, draft: ItemDraft, note: String?, host: String
        do {
            let page = try await environment.fetcher.page(link)
            product = try environment.extractor.extract(bytes: page.bytes, contentType: page.contentType, pageURL: page.url)
            let photo: String?
            (photo, note) = await downloadPhoto(product, context: context)
            draft = ItemDraft(product: product, photo: photo, now: context.clock.now())
            try await DraftEditing.save(draft, context: context)
            host = page.url.host ?? ""
        } catch {
            switch error {
            case let error as FetchError: context.logger.info("product link refused", ["reason": error.description])
            case let error as ImportError: context.logger.info("no product on page", ["reason": error.description])
            default: break
            }
            await dropProgress()
            throw error  // the router words it in the user's language (ErrorMessages)
        }
        await dropProgress()
        if let goods = product.goods {
            try await GoodsQuestion.ask(goods: goods, draft: draft, context: context)
        } else {
            try await DraftCard.send(draft, context: context, note: note.map { context.string($0) })
        }
        context.logger.info("product imported", ["host": host, "sources": draft.sources.count])
    }

    /// A draft from typed words (and an optional photo already stored).
    func draftFromText(_ text: String, photo: String?, context: ChatContext) async throws {
        // Typed words become the piece's name: refused, not cut, when too long.
        try ItemField.name.check(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let product = environment.rules.draft(fromText: text)
        let draft = ItemDraft(product: product, photo: photo, now: context.clock.now())
        try await DraftEditing.save(draft, context: context)
        try await DraftCard.send(draft, context: context, withPhoto: false)
    }

    /// A photo captioned "add TEXT": the photo is checked, stored and attached to the text draft.
    func draftFromPhoto(_ attachment: Attachment, text: String, context: ChatContext) async throws {
        // Checked before the photo is loaded, so a refused caption costs no download.
        try ItemField.name.check(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let bytes = try await attachment.load()
        let image = try await environment.images.intake(bytes)
        let record = try await context.data.saveImage(
            image.bytes, userID: context.user.id, mimeType: image.mimeType, width: image.width, height: image.height, now: context.clock.now())
        try await draftFromText(text, photo: record.sha256, context: context)
    }

    /// The best product image, stored for the user, or the catalog key of a note saying why there is none
    /// (a failure still allows saving without a photo).
    private func downloadPhoto(_ product: ProductDraft, context: ChatContext) async -> (photo: String?, noteKey: String?) {
        guard let url = product.images.first else { return (nil, "import.photo.none") }
        do {
            let resource = try await environment.fetcher.image(url)
            let image = try await environment.images.intake(resource.bytes)
            let record = try await context.data.saveImage(
                image.bytes, userID: context.user.id, mimeType: image.mimeType, width: image.width, height: image.height, now: context.clock.now())
            return (record.sha256, nil)
        } catch {
            context.logger.info("product photo failed", ["url": url.absoluteString, "error": "\(error)"])
            return (nil, "import.photo.failed")
        }
    }
}

/// Finds http(s) links in text.
enum LinkFinder {
    /// The first http:// or https:// link, trimmed of trailing punctuation.
    static func firstLink(in text: String) -> String? {
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let lowered = word.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
            var link = String(word)
            while let last = link.last, ").,;!?>\"'".contains(last) { link.removeLast() }
            if link.hasPrefix("<") { link.removeFirst() }
            return link
        }
        return nil
    }

    /// `/add www.shop.example/item`: a link typed without its scheme, read as https. Only a single
    /// word starting with "www." counts, so a description is never taken for a link.
    static func bareWebLink(_ text: String) -> String? {
        guard !text.contains(where: \.isWhitespace), text.lowercased().hasPrefix("www."), text.dropFirst(4).contains(".") else { return nil }
        return firstLink(in: "https://" + text)
    }

    /// The scheme of a single-word link the bot does not open (`ftp`, `file`, `javascript`, `data`…), lowercased.
    static func otherScheme(_ text: String) -> String? {
        guard !text.contains(where: \.isWhitespace), let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        let known = ["ftp", "ftps", "file", "javascript", "data", "mailto", "tel", "sms", "chrome", "about", "blob", "ws", "wss", "gopher", "intent", "ssh"]
        let isLink = text[colon...].hasPrefix("://") || known.contains(scheme)
        guard isLink, (2...20).contains(scheme.count), scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }),
              scheme.first?.isLetter == true, scheme != "http", scheme != "https" else { return nil }
        return scheme
    }
}
